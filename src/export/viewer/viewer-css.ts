// The viewer's stylesheet (one string: inlined, with its hash in the page's CSP, by the standalone
// page; adopted as a constructed stylesheet by a page that mounts the viewer). Needs nothing.
// Produces `VIEWER_CSS`.

export const VIEWER_CSS = `
.agv { --agv-bg: #f8fafc; --agv-line: #e5e7eb; --agv-ink: #111827; --agv-soft: #6b7280; --agv-accent: #2563eb;
  display: flex; flex-direction: column; height: 100vh; min-height: 420px; color: var(--agv-ink); background: var(--agv-bg);
  font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
body:has(> .agv) { margin: 0; }
.agv.agv-embedded { height: 680px; min-height: 0; border: 1px solid var(--agv-line); border-radius: 8px; overflow: hidden; }
.agv-bar { display: flex; align-items: center; gap: 8px; padding: 8px 12px; background: #fff; border-bottom: 1px solid var(--agv-line); flex-wrap: wrap; }
.agv-title { font-size: 15px; font-weight: 600; margin: 0 12px 0 0; }
.agv-search { flex: 0 1 320px; font: inherit; padding: 4px 8px; border: 1px solid #cbd5e1; border-radius: 6px; }
.agv-search:focus { outline: 2px solid #93c5fd; border-color: var(--agv-accent); }
.agv-count { color: var(--agv-soft); font-size: 12px; min-width: 70px; }
.agv-button { font: inherit; font-size: 12px; padding: 3px 10px; border: 1px solid #d1d5db; border-radius: 6px; background: #fff; cursor: pointer; }
.agv-button:hover { background: #f3f4f6; }
.agv-main { flex: 1; display: flex; min-height: 0; }
.agv-graph { flex: 1; position: relative; overflow: hidden; background: #fff; cursor: grab; touch-action: none; }
.agv-graph.agv-panning { cursor: grabbing; }
.agv-canvas, .agv-svg { position: absolute; inset: 0; width: 100%; height: 100%; }
.agv-side { width: min(44%, 560px); display: flex; flex-direction: column; border-left: 1px solid var(--agv-line); min-height: 0; background: var(--agv-bg); }
.agv-info { padding: 10px 12px; border-bottom: 1px solid var(--agv-line); max-height: 42%; overflow: auto; background: #fff; }
.agv-hint { color: var(--agv-soft); margin: 0; }
.agv-head { display: flex; align-items: baseline; gap: 8px; margin-bottom: 4px; }
.agv-name { font-size: 14px; word-break: break-word; }
.agv-badge { font-size: 11px; padding: 1px 6px; border-radius: 9px; background: #e5e7eb; color: #374151; white-space: nowrap; }
.agv-badge.agv-cond { background: #dcfce7; color: #166534; } .agv-badge.agv-while { background: #dbeafe; color: #1e3a8a; }
.agv-badge.agv-fused { background: #ede9fe; color: #5b21b6; } .agv-badge.agv-effect { background: #fee2e2; color: #991b1b; }
.agv-badge.agv-param { background: #dbeafe; color: #1d4ed8; } .agv-badge.agv-capture { background: #fef3c7; color: #92400e; }
.agv-detail { color: #374151; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.agv-row { display: grid; grid-template-columns: 84px 1fr; gap: 6px; margin-top: 6px; }
.agv-key { color: var(--agv-soft); }
.agv-item { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; word-break: break-word; }
.agv-link { font: inherit; border: 0; padding: 0; background: none; color: var(--agv-accent); cursor: pointer; text-decoration: underline dotted; }
.agv-const { color: #7c2d12; }
.agv-snippet { margin: 6px 0 0; padding: 6px 8px; background: #f1f5f9; border-radius: 6px; white-space: pre-wrap; font-size: 12px; }
.agv-info .agv-button { margin-top: 8px; }
.agv-code { display: flex; flex-direction: column; min-height: 0; flex: 1; border-bottom: 1px solid var(--agv-line); }
.agv-code h2 { font-size: 12px; font-weight: 600; margin: 0; padding: 6px 12px; color: #374151; background: #f1f5f9; border-bottom: 1px solid var(--agv-line); }
.agv-lines { flex: 1; overflow: auto; tab-size: 2; font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #fff; padding: 4px 0; }
.agv-line { display: flex; white-space: pre; cursor: pointer; padding-right: 12px; }
.agv-line:hover, .agv-line.agv-hover { background: #fef9c3; }
.agv-line.agv-hl { background: #fde68a; }
.agv-ln { width: 3.2em; flex: none; text-align: right; padding-right: 10px; color: #9ca3af; user-select: none; }
.agv-hidden { display: none; }
.agv-find { position: relative; flex: 0 1 340px; display: flex; }
.agv-find .agv-search { flex: 1; }
.agv-results { position: absolute; top: 100%; left: 0; z-index: 5; width: max(100%, 440px); max-height: 360px; overflow: auto; margin-top: 2px; background: #fff; border: 1px solid #cbd5e1; border-radius: 6px; box-shadow: 0 6px 18px rgba(15, 23, 42, .12); }
.agv-results[hidden], .agv-minimap[hidden] { display: none; }
.agv-find:not(:focus-within) .agv-results { display: none; }
.agv-result { display: flex; gap: 8px; align-items: baseline; width: 100%; padding: 4px 8px; border: 0; background: none; font: inherit; font-size: 12px; text-align: left; cursor: pointer; }
.agv-result:hover, .agv-result:focus { background: #eff6ff; outline: none; }
.agv-result-title { font-weight: 600; white-space: nowrap; }
.agv-result-why { color: var(--agv-soft); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.agv-result-more { padding: 4px 8px; color: var(--agv-soft); font-size: 12px; }
.agv-legend { position: absolute; left: 10px; bottom: 10px; z-index: 2; background: rgba(255, 255, 255, .94); border: 1px solid var(--agv-line); border-radius: 6px; padding: 4px 8px; font-size: 11px; color: #374151; cursor: default; max-width: 300px; }
.agv-legend summary { cursor: pointer; font-weight: 600; color: var(--agv-soft); }
.agv-legend-row { display: flex; align-items: center; gap: 6px; line-height: 18px; }
.agv-legend-row svg { flex: none; }
.agv-minimap { position: absolute; right: 10px; bottom: 10px; z-index: 2; width: 220px; height: 160px; background: rgba(255, 255, 255, .94); border: 1px solid #cbd5e1; border-radius: 6px; cursor: crosshair; overflow: hidden; }
.agv-minimap-svg { width: 100%; height: 100%; display: block; }
.agv-minimap-frame { fill: rgba(37, 99, 235, .08); stroke: #2563eb; stroke-width: 1.5px; }
.agv svg g.node { cursor: pointer; }
.agv svg g.agv-toggle text { cursor: pointer; }
.agv svg g.agv-toggle text:hover { text-decoration: underline; }
.agv svg.agv-searching g.node:not(.agv-match) { opacity: 0.28; }
.agv svg g.node.agv-match > polygon, .agv svg g.node.agv-match > ellipse, .agv svg g.node.agv-match > path, .agv svg g.node.agv-match a > polygon, .agv svg g.node.agv-match a > path, .agv svg g.node.agv-match a > ellipse { stroke: #f59e0b; stroke-width: 3px; }
.agv svg g.node.agv-linked > polygon, .agv svg g.node.agv-linked > ellipse, .agv svg g.node.agv-linked > path, .agv svg g.node.agv-linked a > polygon, .agv svg g.node.agv-linked a > path, .agv svg g.node.agv-linked a > ellipse { fill: #fde68a; }
.agv svg g.node.agv-selected > polygon, .agv svg g.node.agv-selected > ellipse, .agv svg g.node.agv-selected > path, .agv svg g.node.agv-selected a > polygon, .agv svg g.node.agv-selected a > path, .agv svg g.node.agv-selected a > ellipse { stroke: #dc2626; stroke-width: 3px; }
`;
