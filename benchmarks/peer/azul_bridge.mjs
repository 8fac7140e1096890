// The bridge to a public Azul player, kbizikav/azul-ai, kept as a benchmark opponent (never as
// this project's code: its checkout lives outside the repository, see docs/azul.md).
//
// Run inside the checkout, through the checkout's own TypeScript loader:
//
//     cd PEER && node --import tsx /path/to/benchmarks/peer/azul_bridge.mjs
//
// One JSON request a line on standard input, one JSON answer a line on standard output. Each
// request holds "state", a two-player position on the coloured wall as benchmarks/azul_vs_peer.py
// writes it (peer_state); the bridge packs it into the peer's Int32Array through the peer's own
// layout constants, so no offset of the peer is written down here.
//
//   {"ask": "move", "state": ..., "ms": 1000}  -> {"move": {"source", "colour", "line"}, "depth", "nodes", "solved"}
//   {"ask": "legal", "state": ...}             -> {"moves": [{"source", "colour", "line"}, ...]}
//   {"ask": "tiling", "state": ..., "move"?}   -> {"scores", "walls", "lid", "starter", "over"}
//
// "move" is the default ask. A move's source is a factory number or "centre", its line a pattern
// line number or "floor"; colours are numbered blue, yellow, red, black, white in both engines.
// "tiling" is the peer's round end (wall tiling, floor, end bonuses) applied to the position as it
// stands, or after the peer plays the move given, to compare with ours. A request the bridge
// cannot read gets {"error": "..."}.

import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const load = (file) => import(pathToFileURL(join(process.cwd(), file)).href);
const S = await load('src/engine/state.ts');
const R = await load('src/engine/rules.ts');
const { Searcher } = await load('src/ai/search.ts');
const searcher = new Searcher(); // one for the whole run, as the peer's own page keeps one

class BadRequest extends Error {}

function need(ok, what) {
  if (!ok) throw new BadRequest(what);
}

function counts(value, what) {
  need(Array.isArray(value) && value.length === S.NUM_COLORS && value.every(Number.isInteger),
    `${what}: ${S.NUM_COLORS} whole numbers, one per colour`);
  return value;
}

/** Our position (peer_state) as the peer's state. */
function toPeer(p) {
  need(p && typeof p === 'object', 'state: an object');
  const s = new Int32Array(S.STATE_SIZE);
  const put = (base, value, what) => counts(value, what).forEach((n, c) => { s[base + c] = n; });
  need(Array.isArray(p.factories) && p.factories.length === S.NUM_FACTORIES,
    `factories: ${S.NUM_FACTORIES} of them`);
  p.factories.forEach((f, i) => put(S.FACT + i * S.NUM_COLORS, f, `factories[${i}]`));
  put(S.CTR, p.centre, 'centre');
  put(S.BAG, p.bag, 'bag');
  put(S.BOX, p.lid, 'lid');
  s[S.CTR_FIRST] = p.centre_marker ? 1 : 0;
  s[S.CUR] = p.current;
  s[S.NEXT_FIRST] = p.marker_holder ?? -1;
  s[S.STARTER] = p.first_player;
  s[S.ROUND] = p.round;
  need(Array.isArray(p.players) && p.players.length === 2, 'players: two of them');
  p.players.forEach((q, i) => {
    const o = S.pOff(i);
    s[o + S.P_SCORE] = q.score;
    s[o + S.P_WALL] = q.wall;
    need(Array.isArray(q.lines) && q.lines.length === 5, `players[${i}].lines: five of them`);
    q.lines.forEach(([colour, n], row) => {
      s[o + S.P_LCOLOR + row] = n ? colour : -1;
      s[o + S.P_LCOUNT + row] = n;
    });
    need(Array.isArray(q.floor) && q.floor.length <= S.FLOOR_SIZE,
      `players[${i}].floor: at most ${S.FLOOR_SIZE} tiles`);
    s[o + S.P_FLOOR_LEN] = q.floor.length;
    q.floor.forEach((tile, k) => { s[o + S.P_FLOOR + k] = tile === 'marker' ? S.FIRST_TOKEN : tile; });
  });
  return s;
}

/** A peer's move in our words. */
function fromPeer(m) {
  const source = S.moveSrc(m);
  const line = S.moveDest(m);
  return {
    source: source === S.CENTER ? 'centre' : source,
    colour: S.moveColor(m),
    line: line === S.FLOOR_DEST ? 'floor' : line,
  };
}

/** A move in our words as the peer's. */
function toPeerMove(m) {
  need(m && typeof m === 'object', 'move: {"source", "colour", "line"}');
  const source = m.source === 'centre' ? S.CENTER : m.source;
  const line = m.line === 'floor' ? S.FLOOR_DEST : m.line;
  need([source, m.colour, line].every(Number.isInteger), 'move: whole numbers, "centre" or "floor"');
  return S.encodeMove(source, m.colour, line);
}

function tiling(s, move) {
  if (move !== undefined) R.applyMove(s, toPeerMove(move));
  R.scoreRoundEnd(s);
  const players = [0, 1].map(S.pOff);
  return {
    scores: players.map((o) => s[o + S.P_SCORE]),
    walls: players.map((o) => s[o + S.P_WALL]),
    lid: Array.from(s.subarray(S.BOX, S.BOX + S.NUM_COLORS)),
    starter: s[S.STARTER],
    over: s[S.OVER] === 1,
  };
}

function answer(request) {
  need(request && typeof request === 'object', 'a request is a JSON object');
  const s = toPeer(request.state);
  const ask = request.ask ?? 'move';
  if (ask === 'legal') return { moves: R.legalMoves(s).map(fromPeer) };
  if (ask === 'tiling') return tiling(s, request.move);
  need(ask === 'move', `ask: move, legal or tiling, not ${JSON.stringify(ask)}`);
  need(Number.isFinite(request.ms) && request.ms > 0, 'ms: the milliseconds the peer may think');
  const found = searcher.search(s, { timeMs: request.ms });
  return { move: fromPeer(found.move), depth: found.depth, nodes: found.nodes, solved: found.solved };
}

for await (const line of createInterface({ input: process.stdin })) {
  let reply;
  try {
    reply = answer(JSON.parse(line));
  } catch (e) {
    if (!(e instanceof BadRequest || e instanceof SyntaxError)) throw e;
    reply = { error: e.message };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
