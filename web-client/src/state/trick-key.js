// The key of a view's finished trick (the raw view's `last_trick`), or null: the reducer
// notes when it changes, ui/trick-hold.js holds that trick on the table.
export function lastTrickKey(view) {
  return view && view.last_trick ? JSON.stringify(view.last_trick) : null;
}
