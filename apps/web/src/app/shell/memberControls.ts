/**
 * The top bar's parts that only a signed-in member sees (the avatar menu, the Training and More
 * drop-downs): one chunk, loaded when they are first shown, so a guest's first load goes
 * without Mantine's Menu and Popover, floating-ui and the logout request.
 */
export { NavMenuButton } from './NavMenuButton';
export { ProfileMenu } from './ProfileMenu';
