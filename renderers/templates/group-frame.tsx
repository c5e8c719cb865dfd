import { chakra } from '@chakra-ui/react';

/**
 * A group of fields as a plain `<fieldset>` styled like Chakra's Fieldset, but without its context provider: the
 * provider hands every Field inside a new context value whenever the group renders, and a group renders on each
 * keystroke in any of its fields, so every field of the group would render again (spec 2's 300-field editor:
 * ~100 ms a keystroke). Disabled and invalid states are the fields' own, so the context carries nothing needed.
 */
export const GroupFrame = chakra('fieldset', { base: { display: 'flex', flexDirection: 'column', width: 'full', spaceY: '4' } });

/** The caption of a group, styled like Chakra's Fieldset legend. */
export const GroupLegend = chakra('legend', { base: { color: 'fg', fontWeight: 'medium', textStyle: 'sm' } });
