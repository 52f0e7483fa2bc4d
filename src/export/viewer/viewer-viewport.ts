// The viewer's viewport on the picture: which part of the SVG the graph pane shows (its viewBox),
// opening at a legible size (never below `LEGIBLE` of natural size: a large graph opens at its top,
// centred on its inputs, with the minimap for the rest), fit, zoom around a point, centre on an
// element, wheel zoom and drag to pan; and the minimap in the pane's corner — the whole picture
// small, the part on screen outlined; a click or drag there moves the view. Self-contained like
// `startViewer` (the standalone page inlines its text). Needs a DOM. Produces `startViewport`, `Viewport`.

export interface Viewport {
  /** Shows `svg` (a new picture); keeps the view if `keep`, else opens it at a legible size. */
  show(svg: SVGSVGElement, keep: boolean): void;
  fit(mode: 'fit' | 'top'): void;
  zoom(factor: number, clientX?: number, clientY?: number): void;
  /** Centres the element, zooming in to a legible size if the view is smaller. */
  center(e: Element): void;
  /** Whether the last pointer-up ended a drag (not a click). */
  dragged(): boolean;
  /** On-screen pixels per picture unit. */
  scale(): number;
}

/** Makes the viewport of `pane` (the picture goes in `canvas`); `minimap` is the corner box it draws the overview in. */
export function startViewport(pane: HTMLElement, canvas: HTMLElement, minimap: HTMLElement): Viewport {
  /** Smallest share of natural size the page opens at (Graphviz's 10 pt labels stay ≥ 9 px). */
  const LEGIBLE = 0.9;
  const doc = pane.ownerDocument;
  let svg: SVGSVGElement | null = null;
  let view = { x: 0, y: 0, w: 1, h: 1 };
  let full = { x: 0, y: 0, w: 1, h: 1 };
  let mini: { svg: SVGSVGElement; frame: SVGRectElement } | undefined;

  const apply = (): void => {
    if (svg) svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
    if (mini) {
      mini.frame.setAttribute('x', String(view.x));
      mini.frame.setAttribute('y', String(view.y));
      mini.frame.setAttribute('width', String(view.w));
      mini.frame.setAttribute('height', String(view.h));
    }
  };
  const size = () => ({ pw: Math.max(pane.clientWidth, 100), ph: Math.max(pane.clientHeight, 100) });

  /** The part of the picture around its top-level inputs (the first thing to read), else its top middle. */
  const start = (): { x: number; y: number } => {
    const inputs = svg
      ? Array.from(svg.querySelectorAll('g.node.ag-param')).filter(
          (g) => !/\bag-in-/.test(g.getAttribute('class') ?? ''),
        )
      : [];
    if (!svg || !inputs.length) return { x: full.x + full.w / 2, y: full.y };
    const m = svg.getScreenCTM();
    const r = inputs.map((g) => g.getBoundingClientRect());
    const cx = r.reduce((a, b) => a + b.left + b.width / 2, 0) / r.length;
    const top = Math.min(...r.map((b) => b.top));
    if (!m) return { x: full.x + full.w / 2, y: full.y };
    const inv = m.inverse();
    return { x: inv.a * cx + inv.c * top + inv.e, y: Math.max(full.y, inv.b * cx + inv.d * top + inv.f - 40) };
  };

  const fit = (mode: 'fit' | 'top'): void => {
    if (!svg) return;
    const { pw, ph } = size();
    let s = Math.min(pw / full.w, ph / full.h, 1.4);
    if (mode === 'top' && s < LEGIBLE) s = 1;
    view = { w: pw / s, h: ph / s, x: 0, y: 0 };
    if (mode === 'fit' || (full.w * s <= pw && full.h * s <= ph)) {
      view.x = full.x + (full.w - view.w) / 2;
      view.y = full.y + (full.h - view.h) / 2;
    } else {
      apply();
      const p = start();
      view.x = full.w * s <= pw ? full.x + (full.w - view.w) / 2 : p.x - view.w / 2;
      view.y = full.h * s <= ph ? full.y + (full.h - view.h) / 2 : p.y;
    }
    apply();
  };

  const svgPoint = (clientX: number, clientY: number): { x: number; y: number } => {
    const r = pane.getBoundingClientRect();
    return { x: view.x + ((clientX - r.left) / r.width) * view.w, y: view.y + ((clientY - r.top) / r.height) * view.h };
  };

  const zoom = (factor: number, cx?: number, cy?: number): void => {
    const r = pane.getBoundingClientRect();
    const p = svgPoint(cx ?? r.left + r.width / 2, cy ?? r.top + r.height / 2);
    const w = Math.min(Math.max(view.w / factor, 20), full.w * 8);
    const h = (w * view.h) / view.w;
    view = { x: p.x - ((p.x - view.x) * w) / view.w, y: p.y - ((p.y - view.y) * h) / view.h, w, h };
    apply();
  };

  const centerAt = (x: number, y: number): void => {
    view.x = x - view.w / 2;
    view.y = y - view.h / 2;
    apply();
  };

  const center = (e: Element): void => {
    if (!svg) return;
    const b = e.getBoundingClientRect();
    const p = svgPoint(b.left + b.width / 2, b.top + b.height / 2);
    const r = pane.getBoundingClientRect();
    if (r.width / view.w < 0.8) {
      const w = r.width / 1.1;
      view = { ...view, w, h: (w * r.height) / r.width };
    }
    centerAt(p.x, p.y);
  };

  // ---- minimap ----
  const drawMinimap = (): void => {
    minimap.textContent = '';
    mini = undefined;
    if (!svg) return;
    const { pw, ph } = size();
    // Only worth it when the picture does not fit the pane at a legible size.
    minimap.hidden = full.w * LEGIBLE <= pw && full.h * LEGIBLE <= ph;
    if (minimap.hidden) return;
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.removeAttribute('id');
    copy.setAttribute('class', 'agv-minimap-svg');
    copy.setAttribute('viewBox', `${full.x} ${full.y} ${full.w} ${full.h}`);
    copy.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    for (const el of Array.from(copy.querySelectorAll('.agv-hidden'))) el.remove(); // folded in place
    // A copy without ids and classes: selectors for the picture (`svg g.node`) find only the picture.
    for (const el of Array.from(copy.querySelectorAll('[id], [class]'))) {
      el.removeAttribute('id');
      el.removeAttribute('class');
    }
    for (const t of Array.from(copy.querySelectorAll('text, title'))) t.remove();
    const frame = doc.createElementNS('http://www.w3.org/2000/svg', 'rect');
    frame.setAttribute('class', 'agv-minimap-frame');
    frame.setAttribute('vector-effect', 'non-scaling-stroke');
    copy.appendChild(frame);
    minimap.appendChild(copy);
    mini = { svg: copy, frame };
    apply();
  };
  let miniDrag = false;
  const miniMove = (ev: PointerEvent): void => {
    const m = mini?.svg.getScreenCTM();
    if (!m) return;
    const inv = m.inverse();
    centerAt(inv.a * ev.clientX + inv.c * ev.clientY + inv.e, inv.b * ev.clientX + inv.d * ev.clientY + inv.f);
  };
  minimap.addEventListener('pointerdown', (ev) => {
    ev.stopPropagation();
    miniDrag = true;
    minimap.setPointerCapture(ev.pointerId);
    miniMove(ev);
  });
  minimap.addEventListener('pointermove', (ev) => {
    if (miniDrag) miniMove(ev);
  });
  minimap.addEventListener('pointerup', (ev) => {
    miniDrag = false;
    minimap.releasePointerCapture(ev.pointerId);
  });
  minimap.addEventListener('click', (ev) => ev.stopPropagation());
  minimap.addEventListener('wheel', (ev) => ev.stopPropagation());

  // ---- pan and zoom ----
  let drag: { x: number; y: number; vx: number; vy: number; moved: boolean } | undefined;
  pane.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y, moved: false };
  });
  pane.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const r = pane.getBoundingClientRect();
    if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 4) {
      if (!drag.moved) pane.setPointerCapture(ev.pointerId);
      drag.moved = true;
    }
    if (drag.moved) {
      view.x = drag.vx - ((ev.clientX - drag.x) * view.w) / r.width;
      view.y = drag.vy - ((ev.clientY - drag.y) * view.h) / r.height;
      apply();
      pane.classList.add('agv-panning');
    }
  });
  const endDrag = (ev: PointerEvent): void => {
    if (drag?.moved) pane.releasePointerCapture(ev.pointerId);
    pane.classList.remove('agv-panning');
    setTimeout(() => (drag = undefined), 0);
  };
  pane.addEventListener('pointerup', endDrag);
  pane.addEventListener('pointercancel', endDrag);
  pane.addEventListener(
    'wheel',
    (ev) => {
      ev.preventDefault();
      if (Math.abs(ev.deltaY) > 0) zoom(Math.exp(-ev.deltaY / 300), ev.clientX, ev.clientY);
    },
    { passive: false },
  );

  return {
    show(next, keep) {
      svg = next;
      const vb = (svg.getAttribute('viewBox') ?? '0 0 100 100').split(/[\s,]+/).map(Number);
      full = { x: vb[0] || 0, y: vb[1] || 0, w: vb[2] || 100, h: vb[3] || 100 };
      svg.removeAttribute('width');
      svg.removeAttribute('height');
      svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
      svg.classList.add('agv-svg');
      drawMinimap();
      if (keep) apply();
      else fit('top');
    },
    fit,
    zoom,
    center,
    dragged: () => !!drag?.moved,
    scale: () => pane.clientWidth / view.w,
  };
}
