import { describe, expect, it } from 'vitest'
import {
  HOME_SLIDE_INTERVAL_MS,
  PRODUCT_SLIDE_INTERVAL_MS,
  initialSlideState,
  isDragging,
  slideLabel,
  slideReducer,
  swipeDirection,
  wrapIndex,
  type SlideAction,
  type SlideState,
} from './slideshow-logic'

const run = (state: SlideState, ...actions: SlideAction[]) => actions.reduce(slideReducer, state)

describe('slideshow constants', () => {
  it('home every 10000 ms, product phone gallery every 5000 ms', () => {
    expect(HOME_SLIDE_INTERVAL_MS).toBe(10_000)
    expect(PRODUCT_SLIDE_INTERVAL_MS).toBe(5_000)
  })
})

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(4, 4)).toBe(0)
    expect(wrapIndex(-1, 4)).toBe(3)
    expect(wrapIndex(-5, 4)).toBe(3)
    expect(wrapIndex(2, 4)).toBe(2)
    expect(wrapIndex(3, 0)).toBe(0)
  })
})

describe('swipeDirection: a quarter of the width', () => {
  it('changes the slide only beyond a quarter', () => {
    expect(swipeDirection(-101, 400)).toBe(1)
    expect(swipeDirection(101, 400)).toBe(-1)
    expect(swipeDirection(-100, 400)).toBe(0)
    expect(swipeDirection(100, 400)).toBe(0)
    expect(swipeDirection(-40, 400)).toBe(0)
    expect(swipeDirection(-300, 0)).toBe(0)
  })
})

describe('slideReducer', () => {
  it('next and prev wrap at both ends', () => {
    const s = initialSlideState(4)
    expect(run(s, { type: 'prev' }).index).toBe(3)
    expect(run(s, { type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' }).index).toBe(0)
    expect(run(s, { type: 'goto', index: 2 }).index).toBe(2)
    expect(run(s, { type: 'goto', index: 7 }).index).toBe(3)
  })

  it('a long swipe left goes to the next slide and wraps from the last to the first', () => {
    const last = initialSlideState(4, 3)
    const after = run(last, { type: 'dragStart', x: 300 }, { type: 'dragMove', x: 150 }, { type: 'dragEnd', x: 150, width: 400 })
    expect(after.index).toBe(0)
    expect(isDragging(after)).toBe(false)
    expect(after.offset).toBe(0)
  })

  it('a long swipe right goes back and wraps from the first to the last', () => {
    const after = run(initialSlideState(4), { type: 'dragStart', x: 50 }, { type: 'dragEnd', x: 200, width: 400 })
    expect(after.index).toBe(3)
  })

  it('a short swipe snaps back', () => {
    const s = initialSlideState(4, 1)
    const during = run(s, { type: 'dragStart', x: 200 }, { type: 'dragMove', x: 120 })
    expect(during.offset).toBe(-80)
    expect(run(during, { type: 'dragEnd', x: 120, width: 400 })).toMatchObject({ index: 1, offset: 0, dragStartX: null })
  })

  it('the timer advances and wraps, but never while dragging', () => {
    expect(run(initialSlideState(3, 2), { type: 'tick' }).index).toBe(0)
    const holding = run(initialSlideState(3), { type: 'dragStart', x: 10 }, { type: 'dragMove', x: 40 })
    const ticked = run(holding, { type: 'tick' }, { type: 'tick' })
    expect(ticked.index).toBe(0)
    expect(ticked.offset).toBe(30)
    expect(run(ticked, { type: 'dragCancel' }, { type: 'tick' }).index).toBe(1)
  })

  it('a single slide never moves or drags', () => {
    const one = initialSlideState(1)
    expect(run(one, { type: 'tick' }).index).toBe(0)
    expect(isDragging(run(one, { type: 'dragStart', x: 0 }))).toBe(false)
  })

  it('keeps the index valid when the slide count shrinks', () => {
    expect(run(initialSlideState(5, 4), { type: 'setCount', count: 3 }).index).toBe(1)
  })

  it('labels slides "1 de 4"', () => {
    expect(slideLabel(0, 4)).toBe('1 de 4')
  })
})
