values {
  a = <<EOT
%{ for x in [1] }
EOT
}
