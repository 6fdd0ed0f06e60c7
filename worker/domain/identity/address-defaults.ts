/**
 * Which address is checked, and in what order addresses are shown (spec §4): the checked
 * address is the selected one when there is a selection, otherwise the one marked default; when
 * none is marked default the last one (the most recently added) is used. The checked address
 * sorts first; the others keep their order.
 */
export interface DefaultableAddress {
  id: number;
  isDefault: boolean;
}

export function checkedAddressId(addresses: readonly DefaultableAddress[], selectedId?: number): number | undefined {
  if (selectedId !== undefined && addresses.some((a) => a.id === selectedId)) return selectedId;
  return (addresses.find((a) => a.isDefault) ?? addresses.at(-1))?.id;
}

export function sortAddresses<A extends DefaultableAddress>(addresses: readonly A[], selectedId?: number): A[] {
  const checked = checkedAddressId(addresses, selectedId);
  return [...addresses.filter((a) => a.id === checked), ...addresses.filter((a) => a.id !== checked)];
}
