// Small helpers the screens share: building elements, and the browser's storage (which may be off).

/** An element with attributes and children; text always goes in as text, never as HTML. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "className") element.className = value;
    else if (key === "style") element.style.cssText = value;
    else element.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** A link that the page follows itself (act.follow); the browser still opens it in a new tab when asked to. */
export function link(act, href, text, attributes = {}) {
  return h("a", { href, onclick: act.follow, ...attributes }, text);
}

export function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage may be off (private browsing): the choice then lasts as long as the page
  }
}

/** Whether the reader asked for less motion (the table then skips its animations). */
export function lessMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
