// The spread bets' page: a re-quote held for the player counts down the seconds it is held
// (the server holds it; this only shows the time left). Each countdown starts when it appears,
// from the seconds the server gave (no clock of the browser is compared with the server's).
(function () {
  "use strict";
  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll("[data-hold-seconds]").forEach(function (el) {
      if (!el.dataset.holdUntil) {
        el.dataset.holdUntil = String(now + parseFloat(el.dataset.holdSeconds));
      }
      var left = Math.max(0, Math.ceil(parseFloat(el.dataset.holdUntil) - now));
      el.textContent = left ? left + " " + el.dataset.unit : el.dataset.expired;
      el.classList.toggle("urgent", left <= 3);
      el.classList.toggle("expired", left === 0);
    });
  }
  document.addEventListener("htmx:afterSettle", tick);
  setInterval(tick, 250);
})();
