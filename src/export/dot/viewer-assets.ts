// The stylesheet and the plain inline script of the HTML graph viewer: clicking a cluster's title
// collapses it (hides every element marked `ag-in-<cluster>`, keeps the merge node) or expands it;
// buttons expand or collapse all. No external resources. Needs nothing. Produces `VIEWER_CSS`, `VIEWER_SCRIPT`.

export const VIEWER_CSS = `
body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #111827; background: #f9fafb; }
header { padding: 10px 16px; border-bottom: 1px solid #e5e7eb; background: #fff; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
header h1 { font-size: 16px; margin: 0; font-weight: 600; }
header .hint { color: #6b7280; font-size: 12px; }
header button { font: inherit; font-size: 12px; padding: 3px 10px; border: 1px solid #d1d5db; border-radius: 6px; background: #fff; cursor: pointer; }
header button:hover { background: #f3f4f6; }
#ag-graph { padding: 16px; overflow: auto; }
#ag-graph svg { max-width: none; height: auto; }
.ag-hidden { display: none; }
g.ag-cluster text { cursor: pointer; }
g.ag-cluster text:hover { text-decoration: underline; }
g.ag-collapsed > polygon, g.ag-collapsed > path { fill: #e5e7eb; }
`;

export const VIEWER_SCRIPT = `
(function () {
  var root = document.getElementById('ag-graph');
  var svg = root && root.querySelector('svg');
  if (!svg) return;
  var collapsed = {};
  function clusterName(g) {
    var t = g.querySelector('title');
    return t ? t.textContent : '';
  }
  function refresh() {
    var marked = svg.querySelectorAll('[class*="ag-in-"]');
    for (var i = 0; i < marked.length; i++) {
      var el = marked[i];
      var classes = (el.getAttribute('class') || '').split(/\\s+/);
      var hide = false;
      for (var k = 0; k < classes.length; k++) {
        if (classes[k].indexOf('ag-in-') === 0 && collapsed[classes[k].slice(6)]) { hide = true; break; }
      }
      el.classList.toggle('ag-hidden', hide);
    }
    var clusters = svg.querySelectorAll('g.ag-cluster');
    for (var j = 0; j < clusters.length; j++) {
      var g = clusters[j];
      var name = clusterName(g);
      g.classList.toggle('ag-collapsed', !!collapsed[name]);
      var text = g.querySelector('text');
      if (text) {
        var label = text.getAttribute('data-ag-label');
        if (label === null) { label = text.textContent; text.setAttribute('data-ag-label', label); }
        text.textContent = (collapsed[name] ? '\\u25b8 ' : '\\u25be ') + label;
      }
    }
  }
  function toggle(name) {
    collapsed[name] = !collapsed[name];
    refresh();
  }
  var all = svg.querySelectorAll('g.ag-cluster');
  for (var i = 0; i < all.length; i++) {
    (function (g) {
      var texts = g.querySelectorAll('text');
      for (var k = 0; k < texts.length; k++) {
        texts[k].addEventListener('click', function (ev) { ev.preventDefault(); toggle(clusterName(g)); });
      }
    })(all[i]);
  }
  function setAll(value) {
    for (var i = 0; i < all.length; i++) collapsed[clusterName(all[i])] = value;
    refresh();
  }
  var expand = document.getElementById('ag-expand-all');
  var collapse = document.getElementById('ag-collapse-all');
  if (expand) expand.addEventListener('click', function () { setAll(false); });
  if (collapse) collapse.addEventListener('click', function () { setAll(true); });
  window.agViewer = { toggle: toggle, setAll: setAll, collapsed: collapsed };
  refresh();
})();
`;
