// Craps' board (tables/games/craps/presentation.py): a click on an area of the layout opens that area's bet
// panel under it (the others close); the panel stays open across the board's updates (another
// player's bet re-renders the board) until another area is chosen or it is closed. Without
// this script a panel opens as the link's target (CSS :target).
(function () {
  "use strict";
  var open = null;

  function show(focus) {
    document.querySelectorAll(".game-craps .craps-panel").forEach(function (panel) {
      panel.classList.toggle("open", panel.id === open);
    });
    document.querySelectorAll(".game-craps .craps-area[data-panel]").forEach(function (area) {
      area.classList.toggle("chosen", area.dataset.panel === open);
    });
    var panel = open && document.getElementById(open);
    if (!panel) { return; }
    if (focus) {
      var input = panel.querySelector("input[type=text]");
      if (input) { input.focus({ preventScroll: true }); }
      panel.scrollIntoView({ block: "nearest" });
    }
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest) { return; }
    var area = event.target.closest(".game-craps .craps-area[data-panel]");
    if (area) {
      event.preventDefault();
      open = area.dataset.panel;
      show(true);
      return;
    }
    if (event.target.closest(".game-craps .craps-close")) {
      event.preventDefault();
      open = null;
      show(false);
    }
  });
  document.addEventListener("table:board", function () { show(false); });
})();
