/** Local storage if this browser lets us write to it (spec §5: availability is checked). */
export function browserStorage(): Storage | undefined {
  try {
    const probe = '__ampora_probe__';
    localStorage.setItem(probe, probe);
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return undefined;
  }
}
