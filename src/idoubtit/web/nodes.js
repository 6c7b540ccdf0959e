// Several nodes on one database: a node that does not play a room answers "room.elsewhere" with the node
// that does. The page goes there; its seat and host tokens go with it in the address's fragment (which is
// never sent to any server), because each node's address keeps its own storage, and the page there takes
// them out of the address at once.

/** The address to go to on the node that plays the room: same path, the tokens in the fragment. */
export function elsewhere(node, path, tokens) {
  const fragment = new URLSearchParams();
  if (tokens.seat) fragment.set("seat", tokens.seat);
  if (tokens.host) fragment.set("host", tokens.host);
  if (tokens.watch) fragment.set("watch", "1");
  const hash = fragment.toString();
  return `${String(node).replace(/\/+$/, "")}${path}${hash ? `#${hash}` : ""}`;
}

/** The tokens a page was handed in its fragment (see elsewhere), or null when it was handed none. */
export function handedTokens(hash) {
  const fragment = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const tokens = { seat: fragment.get("seat"), host: fragment.get("host"), watch: fragment.get("watch") === "1" };
  return tokens.seat || tokens.host || tokens.watch ? tokens : null;
}
