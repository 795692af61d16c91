import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The colours a chart draws with, read from the page's CSS variables (light or dark). */
export interface Palette {
  text: string;
  grid: string;
  series: string[];
}

function readPalette(el: HTMLElement): Palette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--color-text-muted', '#545c69'),
    grid: v('--color-border', '#dfe3e8'),
    series: [
      v('--chart-1', '#0f766e'),
      v('--chart-2', '#b45309'),
      v('--chart-3', '#6d28d9'),
      v('--chart-4', '#2563eb'),
      v('--chart-5', '#be185d'),
      v('--chart-6', '#4d7c0f'),
    ],
  };
}

export interface ChartProps {
  /** Builds the options for a width and the current palette. */
  options: (width: number, palette: Palette) => Omit<uPlot.Options, 'width'>;
  data: uPlot.AlignedData;
  height?: number;
}

/**
 * A uPlot canvas that fills its container's width, follows resizing and redraws in the new
 * colours when the system switches between light and dark. The canvas is hidden from screen
 * readers: every chart comes with a table that says the same.
 */
export function Chart({ options, data, height = 220 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    const draw = () => {
      plot?.destroy();
      const width = Math.max(240, el.clientWidth);
      plot = new uPlot({ ...optionsRef.current(width, readPalette(el)), width, height }, data, el);
    };
    draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, el.clientWidth), height }));
    resize.observe(el);
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', draw);
    return () => {
      resize.disconnect();
      scheme.removeEventListener('change', draw);
      plot?.destroy();
    };
  }, [data, height]);

  return <div ref={box} aria-hidden="true" />;
}
