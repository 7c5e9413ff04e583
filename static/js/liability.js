// The floor's liability tab: after a live update (a row replaced or added in place), each sport's
// rows are put back in the page's order, by their data-sort key, largest first (the server
// renders the key for the sort the page asked for; equal keys keep their order).
(function () {
  function resort(root) {
    root.querySelectorAll(".liability-sport > table > tbody").forEach(function (body) {
      var rows = Array.from(body.children).filter(function (row) { return row.matches("tr.liability-row"); });
      var sorted = rows.slice().sort(function (a, b) { return Number(b.dataset.sort) - Number(a.dataset.sort); });
      if (sorted.some(function (row, i) { return row !== rows[i]; })) {
        sorted.forEach(function (row) { body.appendChild(row); });
      }
    });
  }
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    if (event.target.matches(".floor-liability")) resort(event.target);
  });
})();
