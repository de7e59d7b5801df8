import { Image } from '@mantine/core';
import defaultAvatar from './default-avatar.svg';

/** The member's photo, round, with the default avatar when there is none or it fails to load. */
export function UserPhoto(props: {
  src: string | null | undefined;
  size: number;
  alt: string;
  testId: string;
}) {
  return (
    <Image
      src={props.src || null}
      fallbackSrc={defaultAvatar}
      alt={props.alt}
      w={props.size}
      h={props.size}
      radius={999}
      data-testid={props.testId}
    />
  );
}
