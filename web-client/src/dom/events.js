// One listener per event kind at the root. Views mark what a person can do with
// `data-action="name"` (plus `data-*` arguments); forms with `data-action` are read whole on
// submit, and controls with `data-change` report their new value (and their form's entries).

export function listen(root, handle) {
  root.addEventListener('click', (e) => {
    const el = e.target.closest('[data-action]');
    if (!el || el.tagName === 'FORM' || !root.contains(el)) return;
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') return;
    e.preventDefault();
    handle(el.dataset.action, { ...el.dataset }, el);
  });
  root.addEventListener('submit', (e) => {
    const form = e.target.closest('form[data-action]');
    if (!form) return;
    e.preventDefault();
    handle(form.dataset.action, { ...form.dataset, entries: [...new FormData(form).entries()] }, form);
  });
  root.addEventListener('change', (e) => {
    const el = e.target.closest('[data-change]');
    if (!el) return;
    const value = el.type === 'checkbox' ? el.checked : el.value;
    // A control in a form also reports the whole form: a default that follows other fields
    // (options-form.js, `default_when`) is worked out from all of them.
    const form = el.form || el.closest('form');
    handle(el.dataset.change, { ...el.dataset, value, ...(form ? { entries: [...new FormData(form).entries()] } : {}) }, el);
  });
}
