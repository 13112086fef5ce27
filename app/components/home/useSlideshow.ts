import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { TAP_SLOP_PX, initialSlideState, isDragging, slideReducer } from './slideshow-logic'

type Options = {
  count: number
  /** Auto-advance interval in ms (0 = never). */
  interval: number
  /** Presses starting inside elements matching this selector are not drags (e.g. video controls). */
  noDragSelector?: string
}

/**
 * Slideshow state and wiring: arrows/dots actions, pointer swipe (touch, pen and mouse), the
 * auto-advance timer (restarted after every move; never while dragging, hovered by a mouse,
 * keyboard-focused, paused by the shopper or when the tab is hidden).
 */
export function useSlideshow({ count, interval, noDragSelector }: Options) {
  const [state, dispatch] = useReducer(slideReducer, count, (n) => initialSlideState(n))
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [userPaused, setUserPaused] = useState(false)
  const [hidden, setHidden] = useState(false)
  const viewportRef = useRef<HTMLDivElement>(null)
  const press = useRef<{ id: number; x: number; moved: boolean } | null>(null)
  const suppressClick = useRef(false)
  const dragging = isDragging(state)

  useEffect(() => {
    if (state.count !== count) dispatch({ type: 'setCount', count })
  }, [count, state.count])

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === 'hidden')
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [])

  const paused = hovered || focused || userPaused || hidden
  useEffect(() => {
    if (!interval || count < 2 || paused || dragging) return
    const id = window.setTimeout(() => dispatch({ type: 'tick' }), interval)
    return () => window.clearTimeout(id)
  }, [state.index, count, interval, paused, dragging])

  const width = () => viewportRef.current?.getBoundingClientRect().width ?? 0

  const onPointerDown = useCallback(
    (e: React.PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return
      if (noDragSelector && e.target instanceof Element && e.target.closest(noDragSelector)) return
      press.current = { id: e.pointerId, x: e.clientX, moved: false }
      suppressClick.current = false
      dispatch({ type: 'dragStart', x: e.clientX })
    },
    [noDragSelector],
  )

  const onPointerMove = useCallback((e: React.PointerEvent<HTMLElement>) => {
    const p = press.current
    if (!p || p.id !== e.pointerId) return
    if (!p.moved && Math.abs(e.clientX - p.x) > TAP_SLOP_PX) {
      p.moved = true
      // Captured only once it is a drag, so a plain tap still clicks the slide's link.
      e.currentTarget.setPointerCapture?.(e.pointerId)
    }
    if (p.moved) dispatch({ type: 'dragMove', x: e.clientX })
  }, [])

  const onPointerUp = useCallback((e: React.PointerEvent<HTMLElement>) => {
    const p = press.current
    if (!p || p.id !== e.pointerId) return
    press.current = null
    suppressClick.current = p.moved
    dispatch({ type: 'dragEnd', x: p.moved ? e.clientX : p.x, width: width() })
  }, [])

  const onPointerCancel = useCallback(() => {
    press.current = null
    dispatch({ type: 'dragCancel' })
  }, [])

  /** A drag that ends over a link must not follow it. */
  const onClickCapture = useCallback((e: React.MouseEvent<HTMLElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false
      e.preventDefault()
      e.stopPropagation()
    }
  }, [])

  const regionProps = {
    onPointerEnter: (e: React.PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse') setHovered(true)
    },
    onPointerLeave: (e: React.PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse') setHovered(false)
    },
    // Keyboard focus pauses (WCAG 2.2.2); a mouse click on an arrow does not stop the show.
    onFocus: (e: React.FocusEvent<HTMLElement>) => setFocused(e.target.matches(':focus-visible')),
    onBlur: (e: React.FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
    },
  }

  const viewportProps = {
    ref: viewportRef,
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel,
    onClickCapture,
    onDragStart: (e: React.DragEvent) => e.preventDefault(),
    style: { touchAction: 'pan-y' as const },
  }

  return {
    index: state.index,
    count: state.count,
    offset: state.offset,
    dragging,
    paused: userPaused,
    togglePause: () => setUserPaused((v) => !v),
    next: () => dispatch({ type: 'next' }),
    prev: () => dispatch({ type: 'prev' }),
    goTo: (index: number) => dispatch({ type: 'goto', index }),
    regionProps,
    viewportProps,
    /** Inline transform for the track (follows the finger while dragging). */
    trackStyle: {
      transform: `translate3d(calc(${-state.index * 100}% + ${state.offset}px), 0, 0)`,
      transition: dragging ? 'none' : 'transform 450ms cubic-bezier(.22,.61,.36,1)',
    },
  }
}

export type Slideshow = ReturnType<typeof useSlideshow>
