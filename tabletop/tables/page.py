"""The seat page: one small HTML page with its style and script inline (nothing fetched but the
websocket), worded in the reader's language, right to left in Persian.

The board arrives drawn (an SVG whose places carry ``data-key``) with the actions the seat may play,
each listing the keys it touches (``tabletop.table.touching``). A click is read as a lesson's table
reads it (``tabletop.table.TableModel.click``): a place that begins an action of two places is
picked (a second click puts it back), and a click on another keeps the actions that touch every
place picked and it (``tabletop.table.narrow``); when one is left it is sent, otherwise they are
listed as buttons (the keyboard's way too: every place is a button, Enter or Space clicks it).
"""

from __future__ import annotations

import json
from functools import cache
from html import escape

from tabletop import i18n

from ..i18n import html_attrs
from ..locale import t

_WORDS = ("connecting", "lost", "choose", "play", "clear", "nothing_here")

# A place the seat may click is stroked, its shape only: a stroked text (a card's name, a number)
# would be a blot.
_STYLE = """
body{font:16px system-ui,sans-serif;margin:0;padding:.5em;background:#f4efe4;color:#222}
#status{font-weight:bold;margin:.3em 0}#say{color:#9a1b00;min-height:1.3em}
#board svg{width:100%;height:auto;max-height:75vh}
#board [data-key]{cursor:pointer}
#board .can:not(text){stroke:#1565c0;stroke-width:3}#board .picked:not(text){stroke:#ffb300;stroke-width:6}
#board .tabletop-place:focus{outline:3px solid #ffdd00}
#choices button,#clear{margin:.15em;padding:.4em .7em;font:inherit}
#log{color:#555;font-size:.9em}
"""

# The script: connect (again and again, waiting longer each time, while the page is open), say
# hello with the secret of the link's fragment, show each board and state as they come, turn
# clicks into one of the legal actions. Messages are handled one after the other (a board is
# inflated asynchronously, and its state must not overtake it).
_SCRIPT = """
const W=JSON.parse(document.getElementById("words").textContent);
const $=(id)=>document.getElementById(id);
const secret=decodeURIComponent(location.hash.slice(1));
const canInflate=typeof DecompressionStream==="function";
let ws=null,st=null,svg="",picks=[],wait=500,chain=Promise.resolve();
function say(text){$("say").textContent=text||"";}
function connect(){
  const url=(location.protocol==="https:"?"wss:":"ws:")+"//"+location.host+location.pathname+"/ws"
    +location.search;
  ws=new WebSocket(url);ws.binaryType="blob";
  ws.onopen=()=>{wait=500;ws.send(JSON.stringify({type:"hello",secret,deflate:canInflate}));};
  ws.onmessage=(e)=>{chain=chain.then(()=>take(e.data)).catch((err)=>say(String(err)));};
  ws.onclose=()=>{$("status").textContent=W.lost;setTimeout(connect,wait);wait=Math.min(2*wait,8000);};
}
async function take(data){
  if(typeof data!=="string"){
    svg=await new Response(data.stream().pipeThrough(new DecompressionStream("deflate"))).text();return;
  }
  const m=JSON.parse(data);
  if(m.type==="state"){if(m.svg)svg=m.svg;st=m;picks=[];say("");draw();}
  else if(m.type==="error")say(m.message);
}
function fits(a){return picks.every((k)=>a.keys.includes(k));}
function draw(){
  $("status").textContent=st.status;
  $("board").innerHTML=svg;
  $("log").textContent=st.log.join(" · ");
  mark();
}
function mark(){
  const can=new Set(),left=st.actions.filter(fits);
  for(const a of left)for(const k of a.keys)can.add(k);
  for(const el of $("board").querySelectorAll("[data-key]")){
    const k=el.getAttribute("data-key");
    el.classList.toggle("can",can.has(k)&&!picks.includes(k));el.classList.toggle("picked",picks.includes(k));
  }
  const box=$("choices");box.textContent="";
  if(!st.actions.length)return;
  const list=(picks.length||left.length<=12)?left:left.filter((a)=>!a.keys.length);
  if(list.length){const p=document.createElement("div");p.textContent=W.choose;box.appendChild(p);}
  for(const a of list){
    const b=document.createElement("button");b.textContent=a.text;b.onclick=()=>send(a.text);
    box.appendChild(b);
  }
  if(picks.length){const b=document.createElement("button");b.id="clear";b.textContent=W.clear;
    b.onclick=()=>{picks=[];say("");mark();};box.appendChild(b);}
}
function send(text){
  if(ws&&ws.readyState===1)ws.send(JSON.stringify({type:"move",after:st.moves,action:text}));
}
function begins(k){return st.actions.some((a)=>a.keys.length>1&&a.keys[0]===k);}
function click(key){
  if(!st||!st.actions.length)return;
  if(!st.actions.some((a)=>a.keys.includes(key))){say(W.nothing_here);return;}
  say("");
  if(picks.includes(key)){picks=picks.filter((k)=>k!==key);mark();return;}
  const first=begins(key);
  picks=first?[key]:[...picks,key];
  let left=st.actions.filter(fits);
  if(!left.length){picks=[key];left=st.actions.filter(fits);}
  if(left.length===1&&!first){send(left[0].text);picks=[];}
  mark();
}
$("board").addEventListener("click",(e)=>{
  const p=e.target.closest("[data-key]");if(p)click(p.getAttribute("data-key"));
});
$("board").addEventListener("keydown",(e)=>{
  const p=e.target.closest("[data-key]");
  if(p&&(e.key==="Enter"||e.key===" ")){e.preventDefault();click(p.getAttribute("data-key"));}
});
$("status").textContent=W.connecting;
connect();
"""


@cache
def html(code: str) -> str:
    """The page in language ``code`` (one of the project's; the server checks it)."""
    with i18n.wording(code):
        words = {w: t(f"tables.page.{w}") for w in _WORDS}
        title = t("tables.page.title")
        attrs = html_attrs(code)
    data = json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")
    return (f'<!doctype html><html {attrs}><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>"
            f'<div id="status" role="status" aria-live="polite"></div><div id="say" role="alert"></div>'
            f'<div id="board"></div><div id="choices"></div><div id="log"></div>'
            f'<script type="application/json" id="words">{data}</script>'
            f"<script>{_SCRIPT}</script></body></html>")


__all__ = ["html"]
