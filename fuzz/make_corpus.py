#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/corpus/<target>/) from the project's
own fixtures: the protocol document's client messages, the golden game records, the
stacked-deal and option examples of the rules documents. Run from the repository root;
the output is kept in the repository (docs/fuzzing.md)."""
import base64, hashlib, json, os, re, struct, random

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, "fuzz", "corpus")
GAMES = ["crown-battles", "queens-court", "dwarf-king", "lunar"]  # engine/registry.cpp order
RULES = {"crown-battles": "crown-battles.md", "queens-court": "queens-court.md",
         "dwarf-king": "dwarf-king.md", "lunar": "lunar.md"}


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)


def json_blocks(path):
    text = open(path, encoding="utf-8").read()
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        for chunk in [block] + block.strip().split("\n"):
            try:
                yield json.loads(chunk)
            except ValueError:
                pass


# Protocol: every client message of the protocol document, plus a few shapes of junk.
for j in json_blocks(os.path.join(root, "protocol", "README.md")):
    if isinstance(j, dict) and "type" in j:
        put("fuzz_protocol_decode", json.dumps(j))
        put("fuzz_protocol_decode", json.dumps(dict(j, id=7)))
for raw in ['{"type":"ping","id":"x"}', '{"type":"hello","protocol":1,"name":"Ann\\u202Eeb"}',
            '{"type":"chat","text":"a\\u200Bb\\n<b>"}', "[" * 40, '{"type":', "\"ping\""]:
    put("fuzz_protocol_decode", raw)

# Game records: the golden records (bare or inside {"record": ...}).
golden = os.path.join(root, "tests", "engine")
for dirpath, _, files in os.walk(golden):
    for name in files:
        if not name.endswith(".json"):
            continue
        j = json.load(open(os.path.join(dirpath, name)))
        rec = j.get("record", j) if isinstance(j, dict) else None
        if isinstance(rec, dict) and "game" in rec:
            put("fuzz_game_record", json.dumps(rec))
            short = dict(rec, actions=rec["actions"][:12])
            put("fuzz_game_record", json.dumps(short))

# Stacked deals and options: each rules document's JSON examples, for its game.
for gi, game in enumerate(GAMES):
    path = os.path.join(root, "docs", "rules", RULES[game])
    if not os.path.exists(path):
        continue
    for j in json_blocks(path):
        if not isinstance(j, dict):
            continue
        for si in (0, 1, 2, 0x41):  # 0x41: the options with every special (options_variant)
            prefix = bytes([gi, si])
            put("fuzz_stacked_deal", prefix + json.dumps(j).encode())
            put("fuzz_options", prefix + json.dumps(j).encode())
    for si in range(16):
        put("fuzz_options", bytes([gi, si]) + b"{}")
    put("fuzz_stacked_deal", bytes([gi, 0]) + b"null")

# apply: per game and seat count, a seed and a run of "one of my legal actions" steps with
# some raw codes between them.
rng = random.Random(14)
for gi in range(len(GAMES)):
    # Seat byte: the seat count in the low bits, the options variant in the top two
    # (fuzz::options_variant: 1 is Crown Battles with all sixteen specials).
    for si in (0, 1, 2, 0x40 | 1, 0x80 | 2, 0xC0):
        steps = bytearray()
        for _ in range(300):
            if rng.random() < 0.9:
                steps += bytes([0x80 | rng.randrange(0x80), rng.randrange(256)])
            else:
                steps += bytes([rng.randrange(0x80)]) + struct.pack(">I", rng.getrandbits(32))
        put("fuzz_apply", bytes([gi, si]) + struct.pack(">I", rng.getrandbits(32)) + bytes(steps))

# webauthn: the payloads recorded from Chromium (tests/accounts/recorded/), each part behind
# the byte that picks it: 0 attestation object, 1 authenticator data, 2 COSE key.
recorded = os.path.join(root, "tests", "accounts", "recorded")


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


for name in sorted(os.listdir(recorded)):
    r = json.load(open(os.path.join(recorded, name), encoding="utf-8"))
    attestation = b64url(r["registration"]["response"]["response"]["attestationObject"])
    put("fuzz_webauthn", bytes([0]) + attestation)
    # authData is the object's last entry: a byte string of 1- or 2-byte length.
    at = attestation.index(b"hauthData") + len(b"hauthData")
    head, size = (2, attestation[at + 1]) if attestation[at] == 0x58 else (3, struct.unpack(">H", attestation[at + 1:at + 3])[0])
    auth_data = attestation[at + head:at + head + size]
    id_size = struct.unpack(">H", auth_data[53:55])[0]
    put("fuzz_webauthn", bytes([2]) + auth_data[55 + id_size:])  # the COSE key, its last part
    for s in r["sign_ins"][:1]:
        put("fuzz_webauthn", bytes([1]) + b64url(s["response"]["response"]["authenticatorData"]))
# An array and a map claiming 2^29 entries in five bytes: libcbor would reserve 4 GiB for
# them were they not refused first (server/accounts/cbor_item.cpp).
put("fuzz_webauthn", bytes([0, 0x9A, 0x20, 0, 0, 0]))
put("fuzz_webauthn", bytes([2, 0xBA, 0x20, 0, 0, 0]))
