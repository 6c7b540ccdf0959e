// Everything a person can press or fill in that sticks out of the page, every button whose text is cut, a name
// cut short at a table of up to six, every fact of the status line shown cut short ("Pile: 3 k…"; only the due rank may be, when it alone does not fit),
// and every part of the page that has to be scrolled sideways to be read; evaluated in the page by test_screens.py.
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
  const ruler = document.createElement("canvas").getContext("2d");
  for (const el of document.querySelectorAll("select")) {
    const chosen = el.options[el.selectedIndex];
    const box = el.getBoundingClientRect();
    if (!chosen || box.width === 0) continue;
    const style = getComputedStyle(el);
    ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16; // the arrow's
    const needed = ruler.measureText(chosen.text).width;
    if (needed > room + 1) found.push(`${name(el)} shows "${chosen.text}" cut short: ${Math.round(needed)}px in ${Math.round(room)}px`);
  }
  for (const el of document.querySelectorAll(".ring:not(.crowded) .seat .seat-name")) {
    if (el.scrollWidth > el.clientWidth + 1) found.push(`${name(el)} at the table is cut short: ${el.scrollWidth}px in ${el.clientWidth}px`);
  }
  for (const status of document.querySelectorAll(".status")) {
    const line = status.getBoundingClientRect();
    for (const el of status.querySelectorAll("span:not(.due):not(.timer)")) {
      const box = el.getBoundingClientRect();
      const shown = box.width > 0 && box.top < line.bottom - 1;
      if (shown && (el.scrollWidth > el.clientWidth + 1 || box.right > line.right + 1)) {
        found.push(`${name(el)} in the status line is cut short: ${el.scrollWidth}px in ${Math.round(box.width)}px`);
      }
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
