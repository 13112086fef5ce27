import { z } from 'zod'

export const menuCategorySchema = z.object({
  titulo: z.string(),
  ndi: z.string(),
  subcategorias: z.array(z.object({ titulo: z.string(), ndi: z.string() })),
})

/** GET /_next/api/DataMenu/ */
export const dataMenuResponseSchema = z.object({
  ItensCar: z.number().int().nonnegative(),
  histBusca: z.array(z.string()),
  Categorias: z.array(menuCategorySchema),
  Sgt: z.array(z.object({ titulo: z.string(), ndi: z.string() })),
})
export type DataMenu = z.infer<typeof dataMenuResponseSchema>
export type MenuCategory = z.infer<typeof menuCategorySchema>
