import { Fragment, type ReactNode } from 'react';

/**
 * Content people entered — names of people and places, course, session and product names, the office's
 * texts — stays as written whatever the interface's language (decision 027). Marked `data-user-content`,
 * so the English walk (e2e/english-walk.e2e.ts) tells it from the interface's own words.
 */
export function UserContent({ children }: { children: ReactNode }) {
  return <span data-user-content>{children}</span>;
}

/** A dictionary template ('About the course ({0})') with its values as nodes: entered content marked. */
export function fillTemplate(template: string, ...values: ReadonlyArray<ReactNode>): ReactNode {
  return template.split(/(\{\d+\})/).map((part, i) => {
    const index = /^\{(\d+)\}$/.exec(part)?.[1];
    return index === undefined ? (
      <Fragment key={i}>{part}</Fragment>
    ) : (
      <UserContent key={i}>{values[Number(index)]}</UserContent>
    );
  });
}
