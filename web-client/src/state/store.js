// The one place the client's state lives: events go in through `dispatch`, the reducer
// computes the next state, and subscribers (the renderer, the controller) hear about it.

export function createStore(reducer, initial) {
  let state = initial;
  const listeners = new Set();
  return {
    get state() {
      return state;
    },
    dispatch(event) {
      state = reducer(state, event);
      for (const f of listeners) f(state, event);
    },
    subscribe(f) {
      listeners.add(f);
      return () => listeners.delete(f);
    },
  };
}
