// The names the admin page shows for player ids: the accounts' and the sessions' as listed,
// and for anyone else a ban or the audit log names (a banned guest has no session any more),
// looked up once each (GET /api/admin/players/ID), so the log says "banned Bo", not an id.

export function createPeopleNames({ lookUp, learnt }) {
  const asked = new Set();

  return {
    // After each read: take the listed names, and look up the ids nobody listed.
    learn(state) {
      const known = {};
      for (const a of (state.people && state.people.accounts) || []) known[a.player] = a.name;
      for (const s of state.sessions || []) if (!known[s.player]) known[s.player] = s.name;
      const changed = Object.entries(known).some(([p, n]) => state.names[p] !== n);
      if (changed) learnt(known);
      const ids = [...((state.people && state.people.bans) || []).map((b) => b.player), ...(state.audit || []).map((e) => e.player)];
      for (const id of new Set(ids)) {
        if (!id || known[id] || state.names[id] || asked.has(id)) continue;
        asked.add(id);
        lookUp(id).then((name) => name && learnt({ [id]: name }), () => {});
      }
    },
  };
}
