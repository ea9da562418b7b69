/**
 * The group's own tracking tags (spec 000 §1: content and position configured). They are the
 * group's code by design, so they are not sanitised; they are inserted as real elements (a script
 * set through innerHTML would never run) and removed when the visitor leaves the group.
 */

export type TagPosition = 'head' | 'body_start' | 'body_end';

export interface TrackingTag {
  content: string;
  position: TagPosition;
}

const MARK = 'data-creneau-tag';

/** A copy of `node` that the browser will execute if it is a script. */
function live(node: Node): Node {
  if (!(node instanceof HTMLScriptElement)) return document.importNode(node, true);
  const script = document.createElement('script');
  for (const attribute of Array.from(node.attributes)) script.setAttribute(attribute.name, attribute.value);
  script.text = node.text;
  return script;
}

/** Inserts the tags at their positions; returns a function removing them. */
export function injectTrackingTags(tags: readonly TrackingTag[]): () => void {
  const inserted: Node[] = [];
  for (const tag of tags) {
    const template = document.createElement('template');
    template.innerHTML = tag.content;
    const nodes = Array.from(template.content.childNodes).map(live);
    for (const node of nodes) if (node instanceof Element) node.setAttribute(MARK, tag.position);
    if (tag.position === 'head') {
      for (const node of nodes) document.head.appendChild(node);
    } else if (tag.position === 'body_start') {
      const first = document.body.firstChild;
      for (const node of nodes) document.body.insertBefore(node, first);
    } else {
      for (const node of nodes) document.body.appendChild(node);
    }
    inserted.push(...nodes);
  }
  return () => {
    for (const node of inserted) node.parentNode?.removeChild(node);
  };
}
