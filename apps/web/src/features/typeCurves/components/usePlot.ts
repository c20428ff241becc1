import { type DependencyList, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * A uPlot in the returned element's box, following its width (a ResizeObserver), made again by
 * `make(width)` whenever `deps` change and destroyed on unmount.
 */
export function usePlot(
  make: (width: number) => [uPlot.Options, uPlot.AlignedData],
  height: number,
  deps: DependencyList,
) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what `make` reads in `deps`.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const [opts, data] = make(el.clientWidth || 600);
    const plot = new uPlot(opts, data, el);
    const observer = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [height, ...deps]);
  return box;
}
