// The account panel's state: whether it is open, what the server last said of the account
// (GET /api/account's body), which request is on its way, and the last refusal or success
// to tell the person. Kept apart from `ui`, which a new table wipes: the panel stays open
// across a sign-in, whose reconnect may bring the person to another table.

export const noAccount = {
  open: false,
  status: 'idle', // 'loading', 'ready' or 'error' once opened
  data: null, // {player, name, account, devices, passkeys_available}
  busy: null, // the part of the panel whose request is on its way
  refusal: null, // {where, text}
  said: null, // a line saying what just went well
  confirmDelete: false,
  forms: 0, // counts successes, so a form done with is drawn afresh (its fields empty)
  browserPasskeys: false, // this browser can make and use passkeys
};

// `{type: 'account', account: {...changes}}`
export function accountReducer(state, event) {
  return { ...state, account: { ...(state.account || noAccount), ...event.account } };
}
