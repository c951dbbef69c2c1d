export interface Offset {
  x: number;
  y: number;
}

export interface DragBounds {
  /** The panel's rectangle when the drag started, before the offset was applied. */
  panel: { left: number; top: number; width: number; height: number };
  viewport: { width: number; height: number };
  /** How much of the header must stay on screen, in px. */
  keepVisible: number;
}

/** The panel's new offset for a drag from `start` by (dx, dy), kept so the header stays reachable. */
export const clampOffset = (start: Offset, dx: number, dy: number, bounds: DragBounds): Offset => {
  const { panel, viewport, keepVisible } = bounds;
  const minX = keepVisible - (panel.left + panel.width);
  const maxX = viewport.width - keepVisible - panel.left;
  const minY = -panel.top;
  const maxY = viewport.height - keepVisible - panel.top;
  return {
    x: Math.min(maxX, Math.max(minX, start.x + dx)),
    y: Math.min(maxY, Math.max(minY, start.y + dy)),
  };
};
