// Every card of your hand that the action bar (and the coach's word on it) covers, with the page at its
// top: on the table's screens the whole hand must be in sight beside the oval. Evaluated by test_screens.py.
(() => {
  window.scrollTo(0, 0);
  const controls = document.querySelector(".table .controls");
  if (!controls) return [];
  const top = controls.getBoundingClientRect().top;
  const found = [];
  for (const card of document.querySelectorAll(".table .hand .card")) {
    const box = card.getBoundingClientRect();
    if (box.bottom > top + 1 || box.bottom > window.innerHeight + 1) {
      found.push(`card ${card.getAttribute("aria-label")} is hidden: its bottom at ${Math.round(box.bottom)}, the buttons' top at ${Math.round(top)}`);
    }
  }
  return found;
})
