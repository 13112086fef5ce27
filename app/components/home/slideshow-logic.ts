// Pure slideshow rules (the home of docs/requirements.md): wrap at both ends, a swipe beyond a quarter of the width
// changes the slide (less snaps back), and no auto-advance while dragging. Shared by the home
// slideshow and the product page's phone gallery.

/** Home slideshow auto-advance interval. */
export const HOME_SLIDE_INTERVAL_MS = 10_000
/** Product page phone gallery autoplay interval. */
export const PRODUCT_SLIDE_INTERVAL_MS = 5_000
/** A swipe must travel more than this share of the container width to change the slide. */
export const SWIPE_THRESHOLD = 0.25
/** Pointer travel (px) under which a press is a tap/click, not a drag. */
export const TAP_SLOP_PX = 6

/** `index` brought into 0…count-1, wrapping at both ends. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0
  return ((index % count) + count) % count
}

/**
 * What a finished swipe does: +1 (next) when dragged left beyond a quarter of the width, -1 (previous)
 * when dragged right beyond it, 0 (snap back) otherwise.
 */
export function swipeDirection(deltaX: number, width: number): -1 | 0 | 1 {
  if (width <= 0) return 0
  if (Math.abs(deltaX) <= width * SWIPE_THRESHOLD) return 0
  return deltaX < 0 ? 1 : -1
}

export type SlideState = {
  index: number
  count: number
  /** Pointer x where the current drag started, or null when not dragging. */
  dragStartX: number | null
  /** Current drag offset in px (follows the finger; 0 when not dragging). */
  offset: number
}

export type SlideAction =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'goto'; index: number }
  /** The auto-advance timer fired. */
  | { type: 'tick' }
  | { type: 'dragStart'; x: number }
  | { type: 'dragMove'; x: number }
  | { type: 'dragEnd'; x: number; width: number }
  | { type: 'dragCancel' }
  | { type: 'setCount'; count: number }

export function initialSlideState(count: number, index = 0): SlideState {
  return { index: wrapIndex(index, count), count, dragStartX: null, offset: 0 }
}

export function isDragging(state: SlideState): boolean {
  return state.dragStartX !== null
}

export function slideReducer(state: SlideState, action: SlideAction): SlideState {
  const move = (to: number): SlideState => ({ ...state, index: wrapIndex(to, state.count), dragStartX: null, offset: 0 })
  switch (action.type) {
    case 'next':
      return move(state.index + 1)
    case 'prev':
      return move(state.index - 1)
    case 'goto':
      return move(action.index)
    case 'tick':
      // The shopper is holding a slide: the timer never moves it from under the finger.
      if (isDragging(state) || state.count < 2) return state
      return move(state.index + 1)
    case 'dragStart':
      if (state.count < 2) return state
      return { ...state, dragStartX: action.x, offset: 0 }
    case 'dragMove':
      if (state.dragStartX === null) return state
      return { ...state, offset: action.x - state.dragStartX }
    case 'dragEnd': {
      if (state.dragStartX === null) return state
      const dir = swipeDirection(action.x - state.dragStartX, action.width)
      return move(state.index + dir)
    }
    case 'dragCancel':
      return { ...state, dragStartX: null, offset: 0 }
    case 'setCount':
      return { ...state, count: action.count, index: wrapIndex(state.index, action.count) }
  }
}

/** Pure accessible label of a slide: "1 de 4". */
export function slideLabel(index: number, count: number): string {
  return `${index + 1} de ${count}`
}
