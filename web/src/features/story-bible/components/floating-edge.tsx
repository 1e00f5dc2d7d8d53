import { BaseEdge, getStraightPath, useInternalNode, type EdgeProps, type InternalNode } from '@xyflow/react';

/** Where the line from the node's centre towards `toward` leaves the node's box. */
function borderPoint(node: InternalNode, toward: { x: number; y: number }) {
  const width = node.measured.width ?? 0;
  const height = node.measured.height ?? 0;
  const centre = {
    x: node.internals.positionAbsolute.x + width / 2,
    y: node.internals.positionAbsolute.y + height / 2,
  };
  const dx = toward.x - centre.x;
  const dy = toward.y - centre.y;
  // The smaller of the two scales reaches a side first; a zero offset never limits.
  const scale = Math.min(
    dx === 0 ? Infinity : width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : height / 2 / Math.abs(dy),
  );
  return { centre, point: { x: centre.x + dx * scale, y: centre.y + dy * scale } };
}

/**
 * A straight edge from border to border along the line between the two nodes' centres, wherever they sit on
 * the map's circle: React Flow's own edges start at fixed handles (bottom to top), which sent an edge between
 * two stacked nodes round the outside of the map.
 */
export function FloatingEdge({ source, target, markerEnd, style, ...label }: EdgeProps) {
  const sourceNode = useInternalNode(source);
  const targetNode = useInternalNode(target);
  if (!sourceNode || !targetNode) return null;
  const targetCentre = borderPoint(targetNode, { x: 0, y: 0 }).centre;
  const from = borderPoint(sourceNode, targetCentre);
  const to = borderPoint(targetNode, from.centre);
  const [path, labelX, labelY] = getStraightPath({
    sourceX: from.point.x,
    sourceY: from.point.y,
    targetX: to.point.x,
    targetY: to.point.y,
  });
  return (
    <BaseEdge
      path={path}
      markerEnd={markerEnd}
      style={style}
      labelX={labelX}
      labelY={labelY}
      label={label.label}
      labelStyle={label.labelStyle}
      labelBgStyle={label.labelBgStyle}
      labelShowBg={label.labelShowBg}
      labelBgPadding={label.labelBgPadding}
      labelBgBorderRadius={label.labelBgBorderRadius}
    />
  );
}
