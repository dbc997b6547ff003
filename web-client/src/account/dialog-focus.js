// Keyboard and screen-reader manners of the account panel, a modal dialog: on opening the
// focus goes into it (its first field, or its heading); while it is open the page behind is
// inert (nothing there is reached by Tab or read out), Tab goes round inside it, and a
// control that went away (a passkey removed, a form done with) leaves the focus in the
// panel; on closing the focus goes back to the "Account" button that opened it. Toasts stay
// live: they say how things went.

const OPENER = '[data-action="account-open"]';
const FOCUSABLE = 'button:not([disabled]), a[href], input:not([type=hidden]):not([hidden]):not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';

const shown = (el) => !el.checkVisibility || el.checkVisibility({ checkVisibilityCSS: true });

export function createDialogFocus(root) {
  let wasOpen = false;

  function setInert(panelLayer) {
    const app = root.querySelector('.app');
    if (!app) return;
    for (const child of app.children) {
      const inert = Boolean(panelLayer) && child !== panelLayer && !child.matches('.toasts');
      if (inert !== child.hasAttribute('inert')) child.toggleAttribute('inert', inert);
    }
  }

  function focusInside(dialog) {
    const first = [...dialog.querySelectorAll('[data-autofocus]')].find(shown) || dialog.querySelector('h2');
    if (first) first.focus({ preventScroll: false });
  }

  return {
    // After every render.
    sync() {
      const layer = root.querySelector('.account-layer');
      const dialog = layer && layer.querySelector('[role="dialog"]');
      setInert(layer);
      // The heading holds the focus only until a field to start with is drawn (the account
      // arrived; "Delete account…" asked its question).
      const onHeading = dialog && document.activeElement === dialog.querySelector('h2');
      if (dialog && (!wasOpen || !dialog.contains(document.activeElement) || onHeading)) focusInside(dialog);
      if (!dialog && wasOpen) {
        const opener = [...root.querySelectorAll(OPENER)].find(shown);
        if (opener) opener.focus();
      }
      wasOpen = Boolean(dialog);
    },
    // A keydown anywhere: true when it was the dialog's (Escape closes, Tab goes round).
    onKeydown(e, close) {
      const dialog = root.querySelector('.account-layer [role="dialog"]');
      if (!dialog) return false;
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        return true;
      }
      if (e.key !== 'Tab') return false;
      const items = [...dialog.querySelectorAll(FOCUSABLE)].filter(shown);
      if (!items.length) return false;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
        return true;
      }
      if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
        return true;
      }
      return false;
    },
  };
}
