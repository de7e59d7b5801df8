/** Carousel items per view by viewport width (document 000, section 2). */
export function carouselItemsPerView(widthPx: number): number {
  if (widthPx >= 2400) return 6;
  if (widthPx >= 992) return 4;
  if (widthPx >= 768) return 3;
  if (widthPx >= 576) return 2;
  return 1;
}
