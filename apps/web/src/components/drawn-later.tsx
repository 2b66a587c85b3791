import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import classes from './drawn-later.module.css';

/**
 * A part of a long page drawn in a task of its own, just after the page's first drawing (decision 069). A
 * form of twenty-five inputs drawn at once was one task of 450 ms on a phone (Lighthouse's 4× CPU, /register),
 * and a long task blocks the page. Drawn in parts, the first (the part a phone shows) comes first and each
 * later part in a task of its own: the same work in shorter tasks, done before a visitor reaches the part.
 *
 * Until it is drawn the part holds its place, `reserve` pixels high (or, where its inputs stand in one column
 * on a phone, one height below Mantine's xs breakpoint and one from it up), so what follows it does not move
 * when it comes. The parts come in the order of the page, one task each.
 */
export function DrawnLater({
  reserve,
  children,
}: {
  reserve: number | { base: number; xs: number };
  children: ReactNode;
}) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const draw = setTimeout(() => setDrawn(true), 0);
    return () => clearTimeout(draw);
  }, []);
  if (drawn) return children;
  const { base, xs } = typeof reserve === 'number' ? { base: reserve, xs: reserve } : reserve;
  const style = { '--reserve-base': `${base}px`, '--reserve-xs': `${xs}px` } as CSSProperties;
  return <div className={classes.reserve} style={style} aria-hidden="true" data-drawn-later="" />;
}
