// The hooks of the shell's runtime whose calls its production build leaves out (webpack-config UNHEARD_HOOKS): a
// plugin naming one is refused, naming the hook, rather than registered to wait for a call that never comes.
import { leftOut } from './left-out.js';

export function unheardHook(hook, name) {
  hook.on = () => leftOut(`the ${name} hook (a runtime plugin listens to it)`);
  return hook;
}
