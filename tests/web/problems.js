// Everything a person can press or fill in that sticks out of the page, every button whose text is cut, and
// every part of the page that has to be scrolled sideways to be read; evaluated in the page by test_screens.py.
(() => {
  const page = document.documentElement;
  const width = page.clientWidth;
  const found = [];
  const name = (el) => `${el.tagName.toLowerCase()}[${el.dataset.key || el.id || el.className}] "${(el.innerText || el.value || "").trim().slice(0, 40)}"`;
  if (page.scrollWidth > width + 1) found.push(`the page is ${page.scrollWidth}px wide on a ${width}px screen`);
  for (const el of document.querySelectorAll("button, select, input, summary, a, .seat, .bubble")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if (el.closest(".visually-hidden")) continue;
    if (box.left < -1 || box.right > width + 1) found.push(`${name(el)} sticks out: ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
    if (el.tagName === "BUTTON" && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)) {
      found.push(`${name(el)} has its text cut: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
    }
  }
  for (const el of document.querySelectorAll("body *")) {
    const sideways = getComputedStyle(el).overflowX;
    if ((sideways === "auto" || sideways === "scroll") && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${name(el)} must be scrolled sideways: ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
  }
  return found;
})
