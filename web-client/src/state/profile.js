// The profile being looked at (GET /api/players/ID/profile's body) and whether the viewer's
// own profile is shown to others (the account panel's switch). Pure, like the main reducer,
// which hands `{type: 'profile', profile: {...changes}}` here.

export const noProfile = {
  player: null, // whose profile the screen shows
  status: 'idle', // 'loading', 'ready' or 'error'
  data: null,
  error: null,
  own: { status: 'idle', private: null, busy: false, error: null }, // the switch's side
};

export function profileReducer(state, event) {
  const was = state.profile || noProfile;
  const next = { ...was, ...event.profile };
  if (event.profile.own) next.own = { ...was.own, ...event.profile.own };
  return { ...state, profile: next };
}
