// A long press on a card of the hand shows its rule (the tip a mouse gets on hover): after
// half a second the card's item gets .tip-open until the next touch elsewhere, and the click
// that ends the press is swallowed, so looking at a card never plays it.

const LONG_PRESS_MS = 500;

export function listenLongPress(root) {
  let timer = 0;
  let shown = null;
  let swallowClick = false;
  const clear = () => {
    clearTimeout(timer);
    timer = 0;
  };
  root.addEventListener('pointerdown', (e) => {
    clear();
    if (shown && !shown.contains(e.target)) {
      shown.classList.remove('tip-open');
      shown = null;
    }
    const item = e.pointerType !== 'mouse' && e.target.closest && e.target.closest('.hand-cards li');
    if (!item || !item.querySelector('.card-tip')) return;
    timer = setTimeout(() => {
      shown?.classList.remove('tip-open');
      shown = item;
      item.classList.add('tip-open');
      swallowClick = true;
    }, LONG_PRESS_MS);
  });
  for (const type of ['pointerup', 'pointercancel', 'pointerleave']) root.addEventListener(type, clear);
  root.addEventListener('contextmenu', (e) => {
    if (e.target.closest && e.target.closest('.hand-cards li')) e.preventDefault();
  });
  root.addEventListener('click', (e) => {
    if (!swallowClick) return;
    swallowClick = false;
    e.preventDefault();
    e.stopPropagation();
  }, true);
}
