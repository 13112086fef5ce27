import { describe, expect, it } from 'vitest'
import { newestFirstPage, pageCursors, readsBackwards, readTupleCursor, takePage, tupleCursor } from './keyset'

const rowsOf = (...ids: number[]) => ids.map((id) => ({ id, sortKey: String(id * 10) }))

describe('keyset pages', () => {
  it('reads forwards unless only antes is given', () => {
    expect(readsBackwards({})).toBe(false)
    expect(readsBackwards({ apos: 'a' })).toBe(false)
    expect(readsBackwards({ antes: 'b' })).toBe(true)
    expect(readsBackwards({ apos: 'a', antes: 'b' })).toBe(false)
    expect(readsBackwards({ apos: '', antes: 'b' })).toBe(true)
  })

  it('takes size rows in the list order and says whether more lay beyond', () => {
    expect(takePage(rowsOf(1, 2, 3), 2, false)).toEqual({ rows: rowsOf(1, 2), more: true })
    expect(takePage(rowsOf(3, 2, 1), 2, true)).toEqual({ rows: rowsOf(2, 3), more: true })
    expect(takePage(rowsOf(1), 2, false)).toEqual({ rows: rowsOf(1), more: false })
  })

  it('gives the first page only a next cursor, a middle page both, the last page only prev', () => {
    const key = (r: { id: number }) => String(r.id)
    expect(pageCursors(rowsOf(1, 2), true, {}, key)).toEqual({ next: '2', prev: null })
    expect(pageCursors(rowsOf(3, 4), true, { apos: '2' }, key)).toEqual({ next: '4', prev: '3' })
    expect(pageCursors(rowsOf(5), false, { apos: '4' }, key)).toEqual({ next: null, prev: '5' })
    // Walking back from page 3 to page 2, and from page 2 to the first page.
    expect(pageCursors(rowsOf(3, 4), true, { antes: '5' }, key)).toEqual({ next: '4', prev: '3' })
    expect(pageCursors(rowsOf(1, 2), false, { antes: '3' }, key)).toEqual({ next: '2', prev: null })
    expect(pageCursors([], false, { apos: '9' }, key)).toEqual({ next: null, prev: null })
  })

  it('walks a newest-first list by the last id shown, with no next page once the rows run out', () => {
    expect(newestFirstPage(rowsOf(9, 8, 7), 2)).toEqual({ rows: rowsOf(9, 8), next: 8 })
    expect(newestFirstPage(rowsOf(7, 6), 2)).toEqual({ rows: rowsOf(7, 6), next: null })
    expect(newestFirstPage([], 2)).toEqual({ rows: [], next: null })
  })

  it('reads back only the tuple cursors it wrote, whose value fits the sort', () => {
    const digits = (v: string) => /^\d+$/.test(v)
    expect(readTupleCursor(tupleCursor({ sortKey: '1999', id: 42 }), digits)).toEqual({ value: '1999', id: 42 })
    expect(readTupleCursor(tupleCursor({ sortKey: 'abc', id: 42 }), digits)).toBeNull()
    expect(readTupleCursor('não-é-cursor', digits)).toBeNull()
    expect(readTupleCursor(Buffer.from('[1,2]').toString('base64url'), digits)).toBeNull()
    expect(readTupleCursor(Buffer.from('["1",1.5]').toString('base64url'), digits)).toBeNull()
  })
})
