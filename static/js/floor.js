// The pit boss's floor: the tiles' clocks and "since" times tick here (the server sends a tile
// only when its table changes), and the filters and the sort are applied again after every
// live tile.
(function () {
  "use strict";

  // the units in the page's language (one language at a time: "5 мин", not "5 min")
  var UNITS = (document.documentElement.lang || "").indexOf("ru") === 0
    ? {s: " с", min: " мин", h: " ч "}
    : {s: " s", min: " min", h: " h "};

  function seconds(value) {
    var s = Math.max(0, Math.round(value));
    if (s < 60) return s + UNITS.s;
    var m = Math.floor(s / 60);
    if (m < 60) return m + UNITS.min;
    return Math.floor(m / 60) + UNITS.h + (m % 60) + UNITS.min;
  }

  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll("[data-since]").forEach(function (el) {
      var since = parseFloat(el.dataset.since);
      if (!isNaN(since)) el.textContent = seconds(now - since);
    });
    document.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var left = el.querySelector(".left");
      if (left) left.textContent = seconds(parseFloat(el.dataset.deadline) - now);
    });
  }

  function arrange() {
    var form = document.getElementById("floor-filters");
    var list = document.getElementById("pit-table-rows");
    if (!form || !list) return;
    var game = form.elements.game.value;
    var status = form.elements.status.value;
    var sort = form.elements.sort.value;
    var tiles = Array.prototype.slice.call(list.querySelectorAll(".tile"));
    tiles.forEach(function (tile) {
      tile.hidden = (game && tile.dataset.game !== game) || (status && tile.dataset.status !== status);
    });
    var key = function (tile) {
      if (sort === "activity") return -(parseFloat(tile.dataset.changedAt) || 0);
      if (sort === "money") return -(parseInt(tile.dataset.money, 10) || 0);
      return parseInt(tile.id.replace("pit-table-", ""), 10);
    };
    tiles.sort(function (a, b) { return key(a) - key(b); });
    tiles.forEach(function (tile) { list.appendChild(tile); });
  }

  document.addEventListener("change", function (event) {
    if (event.target.closest("#floor-filters")) arrange();
  });
  document.addEventListener("htmx:wsAfterMessage", function () { arrange(); tick(); });
  document.addEventListener("htmx:afterSwap", function () { arrange(); tick(); });
  document.addEventListener("DOMContentLoaded", function () { arrange(); tick(); });
  setInterval(tick, 1000);
})();
