/**
 * Which views a generated product image has. Everything derives from the image key
 * ("laptop-123" → icon "laptop" → shape "laptop" → its views), so neither the seed nor the
 * database carries a list of images: the /images route and the gallery agree by construction.
 * Tiny and pure, because the gallery island imports it in the browser.
 */

/**
 * The drawings' revision, carried in every image address (`&v=`): the route ignores it, but the
 * images are cached as immutable for a year, so a change to the drawings must change the address.
 */
export const IMAGE_REVISION = 2;

/** Every view a product image can have, in gallery order (the first one a product has is its main image). */
export const IMAGE_VIEWS = ['front', 'back', 'side', 'ports', 'scene'] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];

export type Shape =
  | 'laptop' | 'screen' | 'tv' | 'tower' | 'phone' | 'battery' | 'tablet' | 'box' | 'watch' | 'headphones' | 'speaker'
  | 'soundbar' | 'projector' | 'console' | 'gamepad' | 'chair' | 'keyboard' | 'mouse' | 'lens' | 'disc' | 'printer'
  | 'fridge' | 'washer' | 'appliance' | 'camera' | 'drone' | 'card' | 'stick' | 'chip' | 'router';

/** Which drawing each catalogue icon uses; unknown icons fall back to a boxed product. */
const SHAPE_BY_ICON: Record<string, Shape> = {
  laptop: 'laptop', computer: 'laptop',
  monitor: 'screen', tv: 'tv', desktop: 'tower', psu: 'tower',
  smartphone: 'phone', tablet: 'tablet', powerbank: 'battery', software: 'box', game: 'box',
  smartwatch: 'watch', headphones: 'headphones',
  speaker: 'speaker', soundbar: 'soundbar', projector: 'projector',
  console: 'console', gamepad: 'gamepad', chair: 'chair',
  keyboard: 'keyboard', mouse: 'mouse', webcam: 'lens', lens: 'lens', 'robot-vacuum': 'disc',
  printer: 'printer', fridge: 'fridge', washer: 'washer', dishwasher: 'washer', appliance: 'washer',
  coffee: 'appliance', 'air-fryer': 'appliance',
  camera: 'camera', 'action-cam': 'camera', drone: 'drone',
  gpu: 'card', cpu: 'chip', ram: 'stick', ssd: 'stick', motherboard: 'chip',
  router: 'router', mesh: 'speaker', switch: 'router',
};

/**
 * The views each shape is drawn in (3–5): the main shot first, then what a buyer checks next —
 * the back (cameras, connectors panel), the profile, a close-up of the connectors, and the
 * product in use. Shapes without connectors worth a close-up skip that view.
 */
const VIEWS_BY_SHAPE: Record<Shape, readonly ImageView[]> = {
  laptop: ['front', 'side', 'ports', 'scene'],
  screen: ['front', 'back', 'ports', 'scene'],
  tv: ['front', 'back', 'ports', 'scene'],
  tower: ['front', 'side', 'ports', 'scene'],
  phone: ['front', 'back', 'ports', 'scene'],
  battery: ['front', 'side', 'ports', 'scene'],
  tablet: ['front', 'back', 'ports', 'scene'],
  box: ['front', 'back', 'scene'],
  watch: ['front', 'side', 'scene'],
  headphones: ['front', 'side', 'ports', 'scene'],
  speaker: ['front', 'side', 'ports', 'scene'],
  soundbar: ['front', 'ports', 'scene'],
  projector: ['front', 'side', 'ports', 'scene'],
  console: ['front', 'side', 'ports', 'scene'],
  gamepad: ['front', 'side', 'ports', 'scene'],
  chair: ['front', 'side', 'scene'],
  keyboard: ['front', 'side', 'ports', 'scene'],
  mouse: ['front', 'side', 'scene'],
  lens: ['front', 'side', 'scene'],
  disc: ['front', 'side', 'scene'],
  printer: ['front', 'side', 'ports', 'scene'],
  fridge: ['front', 'side', 'scene'],
  washer: ['front', 'side', 'scene'],
  appliance: ['front', 'side', 'scene'],
  camera: ['front', 'back', 'side', 'ports', 'scene'],
  drone: ['front', 'side', 'scene'],
  card: ['front', 'back', 'ports', 'scene'],
  stick: ['front', 'back', 'scene'],
  chip: ['front', 'back', 'scene'],
  router: ['front', 'side', 'ports', 'scene'],
};

export const SHAPES: readonly Shape[] = Object.keys(VIEWS_BY_SHAPE) as Shape[];

/** The shape an image key draws ("laptop-123", "robot-vacuum-7" → icon before the trailing id). */
export function shapeOf(imageKey: string): Shape {
  const icon = imageKey.replace(/-\d+$/, '');
  // Own keys only: a key such as "constructor" must not find Object.prototype's members.
  return Object.hasOwn(SHAPE_BY_ICON, icon) ? SHAPE_BY_ICON[icon]! : 'box';
}

/** The views an image key has, main view first. */
export function viewsOf(imageKey: string): readonly ImageView[] {
  return VIEWS_BY_SHAPE[shapeOf(imageKey)];
}

export function viewsOfShape(shape: Shape): readonly ImageView[] {
  return VIEWS_BY_SHAPE[shape];
}

export function isImageView(value: string): value is ImageView {
  return (IMAGE_VIEWS as readonly string[]).includes(value);
}
