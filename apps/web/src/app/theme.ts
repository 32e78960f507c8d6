import { createTheme, type MantineColorsTuple } from '@mantine/core';
import common from '../i18n/it/common.ts';

const brand: MantineColorsTuple = [
  '#e8f6fa',
  '#d3e9f0',
  '#a3d2e1',
  '#70bad2',
  '#48a6c5',
  '#2f99be',
  '#1f93bb',
  '#0c7fa5',
  '#1c6e8c',
  '#005f7e',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 5 },
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Escape closes the innermost layer only: shared/ui/escape-layers.ts does it for every layer.
    // Plain objects, not `Modal.extend(...)`: importing Modal and Drawer here would put them, their
    // scroll area and Floating UI in /login's JavaScript.
    Modal: { defaultProps: { closeOnEscape: false } },
    Drawer: { defaultProps: { closeOnEscape: false } },
    // Mantine names the eye button of a password field in English.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': common.togglePassword } } },
  },
});
