#!/usr/bin/env bash
# Checks the engine subcommands end to end: every game simulates, replays to the same hash
# twice, verifies; a tampered record fails verify; bad arguments fail with a message.
set -euo pipefail
bin=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$bin" --help | grep -q simulate || fail "--help does not list simulate"
games=$("$bin" games | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)))')
[ -n "$games" ] || fail "no games listed"

for game in $games; do
  counts=$("$bin" games | python3 -c "import json,sys; print(*[g for g in json.load(sys.stdin) if g['id']=='$game'][0]['seat_counts'])")
  [ -n "$counts" ] || fail "$game: no playable seat count"
  for players in $counts; do
    for bots in random heuristic; do
      rec="$work/$game-$players-$bots.json"
      "$bin" simulate --game "$game" --players "$players" --seed 11 --bots "$bots" --out "$rec"
      a=$("$bin" replay "$rec") b=$("$bin" replay "$rec")
      [ "$a" = "$b" ] || fail "$game: two replays differ"
      echo "$a" | python3 -c 'import json,sys; j=json.load(sys.stdin); assert j["finished"], j; assert j["winner"] is not None; assert len(j["state_hash"])==16' \
        || fail "$game $players: replay output lacks finished/winner/state_hash"
      "$bin" verify "$rec" >/dev/null || fail "$game $players $bots: verify refused its own record"
      # Simulation is deterministic: the same seed gives the same record.
      "$bin" simulate --game "$game" --players "$players" --seed 11 --bots "$bots" --out "$rec.again"
      cmp -s "$rec" "$rec.again" || fail "$game: same seed, different record"
    done
  done
done

# Crown Battles' round types: `replay` prints each round's type and what it was scored on (a
# Wagering round's pot; a Missions round's missions and which were completed).
rec="$work/crown-battles-types.json"
"$bin" simulate --game crown-battles --players 4 --seed 3 \
  --options '{"schedule": [2, 3, 4, 5], "round_sequence": ["wagering", "missions", "blind_missions", "normal"]}' \
  --out "$rec"
"$bin" replay "$rec" | python3 -c '
import json, sys
rounds = json.load(sys.stdin)["rounds"]
assert [r["type"] for r in rounds[:4]] == ["wagering", "missions", "blind_missions", "normal"], rounds
assert rounds[0]["pot"] == 80, rounds[0]
for r in rounds[1:3]:
    assert len(r["missions"]) == 4 and len(r["missions_completed"]) == 4, r
    for m, done, p in zip(r["missions"], r["missions_completed"], r["points"]):
        assert (p == -20) != done, r
' || fail "replay does not print each round's type and its missions or pot"
# Alliance rounds print their teams (a team of one plays alone); never the final round.
"$bin" simulate --game crown-battles --players 5 --seed 4 \
  --options '{"schedule": [2, 3, 4, 5], "round_sequence": ["alliances", "missions_alliances", "stealth", "alliances"]}' \
  --out "$rec"
"$bin" replay "$rec" | python3 -c '
import json, sys
rounds = json.load(sys.stdin)["rounds"]
assert [r["type"] for r in rounds[:4]] == ["alliances", "missions_alliances", "stealth", "stealth"], rounds
for r in rounds[:2]:
    sizes = sorted([r["teams"].count(t) for t in set(r["teams"])])
    assert sizes == [1, 2, 2], r
' || fail "replay does not print an Alliance round's teams, or an Alliance type ended the game"
# Suit Precision rounds print each seat's bid and tricks per suit, adding up to its totals.
"$bin" simulate --game crown-battles --players 3 --seed 5 \
  --options '{"schedule": [3, 4], "round_sequence": ["suit_precision_alliances", "suit_precision"]}' \
  --out "$rec"
"$bin" replay "$rec" | python3 -c '
import json, sys
rounds = json.load(sys.stdin)["rounds"]
assert [r["type"] for r in rounds[:2]] == ["suit_precision_alliances", "suit_precision"], rounds
assert len(rounds[0]["teams"]) == 3, rounds[0]
for r in rounds[:2]:
    assert len(r["suit_bids"]) == 3 and all(len(b) == 4 for b in r["suit_bids"]), r
    assert [sum(t) for t in r["suit_tricks"]] == r["tricks"], r
' || fail "replay does not print a Suit Precision round's bids and tricks per suit"
# The Split's rounds print each seat's bids and tricks per half, adding up to its totals.
"$bin" simulate --game crown-battles --players 4 --seed 8 \
  --options '{"schedule": [5, 4], "round_sequence": ["the_split"]}' --out "$rec"
"$bin" replay "$rec" | python3 -c '
import json, sys
rounds = json.load(sys.stdin)["rounds"]
assert [r["type"] for r in rounds[:2]] == ["the_split", "the_split"], rounds
for r in rounds[:2]:
    assert all(len(b) == 2 for b in r["half_bids"]), r
    assert [sum(t) for t in r["half_tricks"]] == r["tricks"], r
    assert [sum(b) for b in r["half_bids"]] == r["bids"], r
' || fail "replay does not print a Split round's bids and tricks per half"

# `replay --log` prints the move log as data, one JSON event a line (docs/game-record.md):
# numbered from 1, each with the action it followed, its kind and audience; a seat's own
# secret (a blind bid) goes to that seat alone; no line carries words.
for game in crown-battles dwarf-king lunar queens-court; do
  players=4
  [ "$game" = queens-court ] && players=3
  "$bin" simulate --game "$game" --players "$players" --seed 3 --out "$rec" \
    --options "$([ "$game" = crown-battles ] && echo '{"round_types": ["normal", "blind"]}' || echo '{}')"
  "$bin" replay --log "$rec" | GAME="$game" python3 -c '
import json, os, sys
lines = [json.loads(l) for l in sys.stdin]
assert lines, "no events"
assert [e["n"] for e in lines] == list(range(1, len(lines) + 1)), "numbered from 1"
assert all(isinstance(e["kind"], str) and "text" not in e for e in lines), lines[:3]
assert all(e["after"] >= 1 for e in lines), lines[:3]
for e in lines:
    a = e["audience"]
    assert a == "all" or (isinstance(a, dict) and len(a) == 1 and e["seat"] == a.get("only", e["seat"])), e
    assert not any(isinstance(v, str) and " " in v for v in e.values()), e
assert lines[-1]["kind"] == "game_won", lines[-1]
if os.environ["GAME"] == "crown-battles":
    assert any(e["kind"] == "own_secret_bid" and e["audience"] == {"only": e["seat"]} for e in lines)
' || fail "$game: replay --log does not print the move log as data"
done

# A record whose last action is replaced by a repeat of the first is refused.
rec="$work/crown-battles-4-random.json"
python3 - "$rec" "$work/tampered.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["actions"][-1] = r["actions"][0]
json.dump(r, open(sys.argv[2], "w"))
PY
if "$bin" verify "$work/tampered.json" 2>"$work/err.txt"; then fail "verify accepted a tampered record"; fi
grep -q "action" "$work/err.txt" || fail "verify's refusal does not name the action"

# Exit codes (docs/game-record.md): 2 is an illegal action; a record whose game cannot be
# set up is malformed, 1 (not 2 as an illegal move: nothing was played).
# `replay` reads a record the same way and exits with the same codes.
expect_code() {  # expected-code description file
  local cmd got
  for cmd in verify replay; do
    set +e
    "$bin" "$cmd" "$3" 2>/dev/null >/dev/null
    got=$?
    set -e
    [ "$got" = "$1" ] || fail "$cmd $2: exit $got, expected $1"
  done
}
expect_code 2 "an illegal action" "$work/tampered.json"
for mutation in unknown_game bad_options bad_deal bad_seats; do
  python3 - "$rec" "$work/$mutation.json" "$mutation" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
m = sys.argv[3]
if m == "unknown_game": r["game"] = "no-such-game"
if m == "bad_options": r["options"] = {"no_such_option": 1}
if m == "bad_deal": r["deal"] = {"hands": "not a deal"}
if m == "bad_seats": r["seats"] = ["Solo"]
json.dump(r, open(sys.argv[2], "w"))
PY
  expect_code 1 "$mutation" "$work/$mutation.json"
done
echo 'not json' > "$work/notjson.json"
expect_code 1 "not JSON" "$work/notjson.json"

# `arena` plays two search budgets against each other (search@MS): each entry searches with
# its own budget, one line per game on standard error; a budget on a non-search bot, or not a
# positive number, is refused.
"$bin" arena --game lunar --players 2 --seats search@1,search@4 --games 2 --seed 1 \
  >"$work/arena.out" 2>"$work/arena.err"
budgets=$(head -1 "$work/arena.out" | sed -n 's/.*budget \([0-9]*\) playouts\/move (entry 0) \([0-9]*\) playouts\/move (entry 1).*/\1 \2/p')
read -r b0 b1 <<<"$budgets"
[ -n "$b0" ] && [ "$b0" -gt 0 ] && [ "$b1" = $((4 * b0)) ] \
  || fail "arena does not give each search@MS entry its own budget: $(head -1 "$work/arena.out")"
[ "$(grep -c '^game ' "$work/arena.err")" = 2 ] || fail "arena did not print a line per game"
for bad in heuristic@3 search@ search@x1 search@0; do
  if "$bin" arena --game lunar --players 2 --seats "$bad,heuristic" --games 1 2>"$work/err.txt"; then
    fail "arena accepted --seats $bad"
  fi
  grep -q "search@MS" "$work/err.txt" || fail "arena's refusal of $bad does not say how to write a budget"
done

echo '{"format":"nope"}' > "$work/bad.json"
if "$bin" replay "$work/bad.json" 2>/dev/null; then fail "replay accepted a non-record"; fi
if "$bin" simulate --game no-such-game 2>/dev/null; then fail "simulate accepted an unknown game"; fi
if "$bin" simulate --game lunar --players 3 --out "$work/x.json" 2>/dev/null; then fail "simulate accepted Lunar for 3"; fi
if "$bin" simulate --players 1 --out "$work/x.json" 2>/dev/null; then fail "simulate accepted 1 player"; fi
echo "cli ok"
