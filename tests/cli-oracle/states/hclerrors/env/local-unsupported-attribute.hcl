locals {
  a = { x = 1 }
}
values {
  b = local.a.y
}
