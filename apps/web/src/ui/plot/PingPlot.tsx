import { Box, Text, VisuallyHidden } from "@mantine/core";
import { useId } from "react";
import { type Fence, niceLength, projectPings } from "./projection.ts";

export interface PlotPing {
  id: number | string;
  latitude?: number | null;
  longitude?: number | null;
  /** Already formatted for people, e.g. "9:05:12 AM". */
  time: string;
}

export interface PingPlotProps {
  pings: readonly PlotPing[];
  fence: Fence | null;
  /** The fence's place, for the title ("Main Hall"). */
  placeName?: string | null;
  size?: number;
}

const metres = (m: number) => (m >= 1000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m)} m`);

/**
 * The pings of one attendance drawn against its location's fence (a circle), north up, with a
 * scale bar: no map tiles, nothing from the internet. Inside pings are filled circles, outside
 * ones crosses (shape as well as colour); a line joins them in time order. A list of the pings in
 * words goes with it for screen readers.
 */
export function PingPlot({ pings, fence, placeName, size = 240 }: PingPlotProps) {
  const titleId = useId();
  const plot = projectPings(pings, fence, size);
  const located = plot.points;
  const title = `Pings${placeName ? ` around ${placeName}` : ""}: ${located.length} with a position${
    fence ? `, ${located.filter((p) => p.inside).length} inside the fence of ${metres(fence.radius)}` : ", no fence"
  }`;
  if (located.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No pings with a position{fence ? "" : ", and the location has no fence"}.
      </Text>
    );
  }
  const bar = niceLength((size * 0.4) / plot.scale);
  const barPx = bar * plot.scale;
  const path = located.map((p, i) => `${i === 0 ? "M" : "L"}${p.sx.toFixed(1)},${p.sy.toFixed(1)}`).join(" ");
  return (
    <Box>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${size} ${size}`}
        width="100%"
        style={{ maxWidth: size, display: "block", background: "var(--mantine-color-gray-0)", borderRadius: 8 }}
        data-testid="ping-plot"
      >
        <title id={titleId}>{title}</title>
        {plot.fenceR !== null && (
          <circle
            cx={plot.cx}
            cy={plot.cy}
            r={plot.fenceR}
            fill="var(--mantine-color-blue-1)"
            stroke="var(--mantine-color-blue-7)"
            strokeWidth={1.5}
            strokeDasharray="4 3"
            data-testid="fence"
          />
        )}
        <path d={`M${plot.cx - 4},${plot.cy} h8 M${plot.cx},${plot.cy - 4} v8`} stroke="var(--mantine-color-blue-9)" />
        {located.length > 1 && <path d={path} fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth={1} />}
        {located.map((p, i) => {
          const last = i === located.length - 1;
          const r = last ? 5 : 3.5;
          return p.inside === false ? (
            <path
              key={p.item.id}
              d={`M${p.sx - r},${p.sy - r} L${p.sx + r},${p.sy + r} M${p.sx - r},${p.sy + r} L${p.sx + r},${p.sy - r}`}
              stroke="var(--mantine-color-red-8)"
              strokeWidth={2}
              data-testid="ping"
            />
          ) : (
            <circle
              key={p.item.id}
              cx={p.sx}
              cy={p.sy}
              r={r}
              fill="var(--mantine-color-teal-8)"
              stroke="white"
              strokeWidth={1}
              data-testid="ping"
            />
          );
        })}
        {/* north arrow and scale bar */}
        <g fill="var(--mantine-color-gray-9)" fontSize={11}>
          <path d={`M${size - 14},22 l-5,10 h10 z`} />
          <text x={size - 14} y={16} textAnchor="middle">
            N
          </text>
          <path
            d={`M10,${size - 10} h${barPx} M10,${size - 14} v8 M${10 + barPx},${size - 14} v8`}
            stroke="var(--mantine-color-gray-9)"
            strokeWidth={1.5}
          />
          <text x={10} y={size - 18}>
            {metres(bar)}
          </text>
        </g>
      </svg>
      <VisuallyHidden>
        <ol aria-label="Pings in words">
          {located.map((p) => (
            <li key={p.item.id}>
              {p.item.time}: {metres(p.distance)} from the {fence ? "fence centre" : "middle of the pings"}
              {p.inside === null ? "" : p.inside ? ", inside the fence" : ", outside the fence"}
            </li>
          ))}
        </ol>
      </VisuallyHidden>
    </Box>
  );
}
