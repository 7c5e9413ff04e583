// Every twenty-one board (tables/families/twentyone/jinja2/tables/_twentyone.html): the cards a frame brought
// are dealt in one after another. Each card the server draws has a slot (data-slot: the round,
// the box or the dealer, the card's place there) and its place in the deal (data-seq). Before a
// socket's frame is swapped in, the slots on the board are noted; after it, each card in a slot
// that was not there gets the table kit's "is-new" and its "--deal" (its turn among the new
// cards, in the deal's order), so the CSS deals it in (table-kit.css). A board loaded whole
// (the page, a reconnect) deals nothing in. Loaded by the table page after static/js/table.js.
(function () {
  "use strict";

  var before = null;

  function slots() {
    var seen = {};
    document.querySelectorAll("#table-board [data-slot]").forEach(function (el) {
      seen[el.dataset.slot] = true;
    });
    return seen;
  }

  function fromTable(event) {
    return event.target && event.target.closest && !!event.target.closest(".table-page");
  }

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (!fromTable(event)) { return; }
    before = document.getElementById("table-board") ? slots() : null;
  });

  document.addEventListener("htmx:wsAfterMessage", function (event) {
    if (!fromTable(event) || before === null) { return; }
    var fresh = [];
    document.querySelectorAll("#table-board [data-slot]").forEach(function (el) {
      if (!before[el.dataset.slot] && !el.classList.contains("is-new")) { fresh.push(el); }
    });
    before = null;
    fresh.sort(function (a, b) { return parseInt(a.dataset.seq, 10) - parseInt(b.dataset.seq, 10); });
    fresh.forEach(function (el, index) {
      el.style.setProperty("--deal", index);
      el.classList.add("is-new");
    });
  });
})();
