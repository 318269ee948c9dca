/** The map's drawing size (its SVG viewBox): the placeholder while it loads keeps the same shape. */
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 440;
