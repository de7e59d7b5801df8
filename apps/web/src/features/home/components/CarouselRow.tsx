import type { ReactNode } from 'react';
import { Carousel } from '@mantine/carousel';
import { useViewportSize } from '@mantine/hooks';
import { carouselItemsPerView } from '@ridealong/contracts';
import classes from './carousel.module.css';

export type Slide = { key: string | number; content: ReactNode };

type CarouselRowProps = { title: string; slides: Slide[] };

/**
 * The sliding row of a home carousel. Its own chunk (embla and @mantine/carousel), loaded once a
 * row has items to show, so the home page renders without it. Items per view follow the window
 * width (6 / 4 / 3 / 2 / 1, document 000 section 2) and each swipe or arrow moves one slide.
 */
export function CarouselRow({ title, slides }: CarouselRowProps) {
  const { width } = useViewportSize();
  // The hook reports 0 before its first measurement; the window is right from the start.
  const perView = carouselItemsPerView(width || window.innerWidth);
  return (
    <Carousel
      slideSize={`${100 / perView}%`}
      slideGap="md"
      withControls
      controlSize={36}
      emblaOptions={{ align: 'start', slidesToScroll: 1, dragFree: false }}
      previousControlProps={{ 'aria-label': `Previous ${title.toLowerCase()}` }}
      nextControlProps={{ 'aria-label': `Next ${title.toLowerCase()}` }}
      classNames={{ controls: classes.controls, control: classes.control }}
      styles={{ container: { paddingBottom: 6, paddingTop: 6 } }}
    >
      {slides.map((slide) => (
        <Carousel.Slide key={slide.key}>{slide.content}</Carousel.Slide>
      ))}
    </Carousel>
  );
}
