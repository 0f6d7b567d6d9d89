locals {
  a = 1
}
locals {
  b = 2
}
values {
  c = 3
}
