import type { DeviceType } from '../templates/types'
import * as av from './devices-av'
import * as computer from './devices-computer'
import * as games from './devices-games'
import * as home from './devices-home'
import * as mobile from './devices-mobile'
import * as parts from './devices-parts'
import type { Drawing } from './types'

/** One drawing per device type. */
export const DRAWINGS: Record<DeviceType, Drawing> = {
  phone: mobile.phone,
  featurephone: mobile.featurephone,
  phonecase: mobile.phonecase,
  tablet: mobile.tablet,
  ereader: mobile.ereader,
  watch: mobile.watch,
  band: mobile.band,
  laptop: computer.laptop,
  monitor: computer.monitor,
  keyboard: computer.keyboard,
  mouse: computer.mouse,
  printer: computer.printer,
  webcam: computer.webcam,
  tv: av.tv,
  soundbar: av.soundbar,
  projector: av.projector,
  headphones: av.headphones,
  headset: av.headset,
  earbuds: av.earbuds,
  speaker: av.speaker,
  microphone: av.microphone,
  camera: av.camera,
  actioncam: av.actioncam,
  lens: av.lens,
  drone: av.drone,
  console: games.gameConsole,
  controller: games.controller,
  gamecase: games.gamecase,
  bulb: home.bulb,
  plug: home.plug,
  smartspeaker: home.smartspeaker,
  seccam: home.seccam,
  robotvac: home.robotvac,
  charger: parts.charger,
  cable: parts.cable,
  powerbank: parts.powerbank,
  memorycard: parts.memorycard,
  gpu: parts.gpu,
  ssd: parts.ssd,
  ram: parts.ram,
  cpu: parts.cpu,
  router: parts.router,
  mesh: parts.mesh,
  switch: parts.switchBox,
  wifiadapter: parts.wifiadapter,
}
