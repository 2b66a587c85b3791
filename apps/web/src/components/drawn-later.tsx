import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
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
 *
 * A part may end with pieces of its own drawn later still (`DrawnAfter`, decision 077): the part keeps its
 * reserve as its least height until they are all drawn, so they come below what is drawn, in the place kept
 * for them, and nothing on screen moves.
 */
export function DrawnLater({
  reserve,
  children,
}: {
  reserve: number | { base: number; xs: number };
  children: ReactNode;
}) {
  const [drawn, setDrawn] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // The pieces drawn after the part and not drawn yet. Counted outside the state: a piece's coming must not
  // draw the whole part again.
  const waiting = useRef(0);
  const release = () => box.current?.removeAttribute('data-holding');
  const pieces = useMemo<Pieces>(
    () => ({
      wait: () => {
        waiting.current += 1;
        return () => {
          waiting.current -= 1;
          if (waiting.current === 0) release();
        };
      },
    }),
    [],
  );
  useEffect(() => {
    const draw = setTimeout(() => setDrawn(true), 0);
    return () => clearTimeout(draw);
  }, []);
  // After the pieces' own layout effects: a part with none to wait for lets its place go at once.
  useLayoutEffect(() => {
    if (drawn && waiting.current === 0) release();
  }, [drawn]);
  const { base, xs } = typeof reserve === 'number' ? { base: reserve, xs: reserve } : reserve;
  const style = { '--reserve-base': `${base}px`, '--reserve-xs': `${xs}px` } as CSSProperties;
  if (!drawn) return <div className={classes.reserve} style={style} aria-hidden="true" data-drawn-later="" />;
  return (
    <PiecesContext.Provider value={pieces}>
      <div ref={box} className={classes.holding} style={style} data-holding="">
        {children}
      </div>
    </PiecesContext.Provider>
  );
}

type Pieces = { wait: () => () => void };
const PiecesContext = createContext<Pieces | null>(null);

/**
 * The end of a DrawnLater part drawn in a task after the part (decision 077), in the place the part keeps
 * for it; pieces come in the order of the page, one task each. Outside a DrawnLater it is drawn at once.
 */
export function DrawnAfter({ children }: { children: ReactNode }) {
  const pieces = useContext(PiecesContext);
  const [drawn, setDrawn] = useState(pieces === null);
  useLayoutEffect(() => {
    if (drawn || !pieces) return;
    const done = pieces.wait();
    const draw = setTimeout(() => setDrawn(true), 0);
    return () => {
      clearTimeout(draw);
      done();
    };
  }, [drawn, pieces]);
  return drawn ? children : null;
}
