/** The dashboard's stylesheet: light and dark, readable at a phone's width (tables scroll inside their box). */
export const STYLE_CSS = `
:root { color-scheme: light dark; --bg: #f7f7f8; --fg: #1d1d22; --muted: #6a6a75; --card: #fff; --line: #dcdce2;
  --accent: #2457c5; --accent-fg: #fff; --ok: #1f7a3d; --bad: #b3261e; --warn: #8a5a00; --code: #f0f0f3; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #16161a; --fg: #e6e6ea; --muted: #9a9aa6; --card: #1f1f25; --line: #34343d;
    --accent: #7aa2ff; --accent-fg: #0d1020; --ok: #6fd08c; --bad: #ff8a80; --warn: #f2c14e; --code: #2a2a31; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .6rem 1rem; background: var(--card); border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; color: var(--fg); text-decoration: none; }
nav { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; flex: 1; }
nav a { color: var(--fg); text-decoration: none; padding: .2rem 0; border-bottom: 2px solid transparent; }
nav a[aria-current="page"] { border-bottom-color: var(--accent); font-weight: 600; }
nav .signout { margin-left: auto; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
a { color: var(--accent); }
section, .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 0 0 1rem; }
section > h2:first-child { margin-top: 0; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
.small { font-size: .85rem; }
.status { font-weight: 600; white-space: nowrap; }
.status.ok, .ok-text { color: var(--ok); }
.status.bad, .bad-text { color: var(--bad); }
.status.warn { color: var(--warn); }
.notice { padding: .6rem .8rem; border-radius: 6px; border: 1px solid var(--line); background: var(--card); }
.notice.ok { border-color: var(--ok); }
.notice.error { border-color: var(--bad); color: var(--bad); }
.notice.replica { border-color: var(--warn); margin-bottom: 1rem; }
form.inline { display: inline; }
.row { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; }
label { display: flex; flex-direction: column; gap: .2rem; font-size: .9rem; color: var(--muted); }
input, select, textarea { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .4rem .5rem; min-width: 0; }
input[type="number"] { width: 8rem; }
button, .button { font: inherit; cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); border-radius: 6px; padding: .4rem .9rem; text-decoration: none; display: inline-block; }
button.secondary, .button.secondary { background: transparent; color: var(--accent); }
button.danger { background: var(--bad); border-color: var(--bad); color: #fff; }
button.link { background: none; border: none; color: var(--accent); padding: 0; }
button:disabled { opacity: .5; cursor: not-allowed; }
code, pre, .secret { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; background: var(--code); border-radius: 4px; }
code { padding: 0 .25rem; }
pre { padding: .75rem; overflow: auto; max-height: 32rem; font-size: .85rem; }
.secret { display: block; padding: .6rem; word-break: break-all; user-select: all; font-size: 1rem; }
.login { max-width: 24rem; margin: 3rem auto; }
.login form { display: flex; flex-direction: column; gap: .75rem; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 .75rem; padding: .75rem; }
fieldset[hidden] { display: none; }
legend { color: var(--muted); padding: 0 .3rem; }
details > summary { cursor: pointer; color: var(--accent); margin: .25rem 0; }
.covers { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: .75rem; margin: .75rem 0; }
.covers figure { margin: 0; }
.covers img { width: 100%; height: auto; border-radius: 4px; background: var(--code); display: block; }
.covers figcaption { font-size: .8rem; margin-top: .25rem; overflow-wrap: anywhere; }
.paths code, .paths span { overflow-wrap: anywhere; }
td.paths { min-width: 12rem; }
.nowrap { white-space: nowrap; }
form.undo { margin: 0 0 1rem; }
ul.paths { margin: .25rem 0; padding-left: 1.2rem; font-size: .9rem; }
dl.folders { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .75rem; margin: .5rem 0; }
dl.folders dt { color: var(--muted); }
dl.folders dd { margin: 0; overflow-wrap: anywhere; }
dl.headers { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .75rem; margin: .5rem 0; font-size: .9rem; }
dl.headers dt { color: var(--muted); }
dl.headers dd { margin: 0; overflow-wrap: anywhere; font-family: ui-monospace, Menlo, Consolas, monospace; }
section.person { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.person-picture img { width: 9rem; max-width: 40vw; height: auto; border-radius: 6px; background: var(--code); display: block; }
td form.inline button { padding: .2rem .6rem; font-size: .85rem; }
@media (max-width: 40rem) {
  header { flex-direction: column; align-items: stretch; gap: .35rem; }
  nav { gap: .25rem 1rem; }
  main { padding: .6rem; }
  section, .card { padding: .75rem; }
  th, td { padding: .35rem .35rem; }
  .hide-narrow { display: none; }
  /* Wide tables become one card per row, each cell labelled: no sideways scrolling for the columns that matter. */
  table.cards, table.cards tbody { display: block; width: 100%; }
  table.cards thead { display: none; }
  table.cards tr { display: block; border-bottom: 1px solid var(--line); padding: .4rem 0; }
  table.cards td { display: flex; justify-content: space-between; gap: 1rem; border: none; padding: .15rem 0; text-align: right; min-width: 0; overflow-wrap: anywhere; }
  table.cards td::before { content: attr(data-label); color: var(--muted); text-align: left; flex: none; }
  table.cards td:empty { display: none; }
  /* Paths and reasons run over several lines: read from the left. */
  table.cards td.paths { text-align: left; }
}
`;
